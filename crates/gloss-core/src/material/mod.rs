//! Material that is not a web page's text, turned into text a model can read: today PDFs (the
//! panel extracts their text items with PDF.js; `pdf.rs` puts them back into pages and
//! paragraphs). Transcripts and other kinds can follow as their own files.

mod pdf;

pub use pdf::{pdf_text, PdfPage, PdfText, TextItem};
