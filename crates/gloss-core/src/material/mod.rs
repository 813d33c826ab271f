//! Material that is not a web page's text, turned into text a model can read: PDFs (the panel
//! extracts their text items with PDF.js; `pdf.rs` puts them back into pages and paragraphs,
//! `pdf_pages.rs` keeps the pages a user chose)
//! and YouTube videos' captions (`youtube.rs` picks a track from the watch page's player data,
//! `transcript.rs` makes its json3 document a timestamped transcript).

mod pdf;
mod pdf_pages;
mod transcript;
mod youtube;

pub use pdf::{pdf_text, PdfPage, PdfText, TextItem};
pub use pdf_pages::{page_marker, page_numbers, page_ranges, pdf_pages};
pub use transcript::{timestamp, transcript_text};
pub use youtube::{pick_track, video_captions, CaptionTrack, VideoCaptions};
