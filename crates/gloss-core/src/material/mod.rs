//! Material that is not a web page's text, turned into text a model can read: PDFs (the panel
//! extracts their text items with PDF.js; `pdf.rs` puts them back into pages and paragraphs)
//! and YouTube videos' captions (`youtube.rs` picks a track from the watch page's player data,
//! `transcript.rs` makes its json3 document a timestamped transcript).

mod pdf;
mod transcript;
mod youtube;

pub use pdf::{pdf_text, PdfPage, PdfText, TextItem};
pub use transcript::{timestamp, transcript_text};
pub use youtube::{pick_track, video_captions, CaptionTrack, VideoCaptions};
