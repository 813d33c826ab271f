//! Material that is not a web page's text, turned into text a model can read: PDFs (the panel
//! extracts their text items with PDF.js; `pdf.rs` puts them back into pages and paragraphs,
//! `pdf_pages.rs` keeps the pages a user chose)
//! and YouTube videos' captions (`youtube.rs` picks a track from a player response,
//! `innertube.rs` asks YouTube's player endpoint for one, `transcript.rs` makes a track's
//! json3 document a timestamped transcript, `caption_xml.rs` its srv3 or classic XML one,
//! `caption_url.rs` reads and writes the tracks' addresses).

mod caption_url;
mod caption_xml;
mod innertube;
mod pdf;
mod pdf_pages;
mod transcript;
mod youtube;

pub use caption_url::caption_gated;
pub use innertube::{
    page_innertube, player_captions, player_request, InnertubeClient, PageInnertube, PlayerProblem,
    CAPTION_CLIENTS,
};
pub use pdf::{pdf_text, PdfPage, PdfText, TextItem};
pub use pdf_pages::{page_marker, page_numbers, page_ranges, pdf_pages};
pub use transcript::{timestamp, transcript_text};
pub use youtube::{pick_track, video_captions, CaptionTrack, VideoCaptions};
