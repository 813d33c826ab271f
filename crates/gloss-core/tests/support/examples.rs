//! The spec-test format used by CommonMark and comrak: a fence of 32 backticks and `example`,
//! the input, a line with a single `.`, the expected HTML, and a closing fence.

use std::fmt::Write;
use std::fs;
use std::path::{Path, PathBuf};

const FENCE: &str = "````````````````````````````````";

pub struct Example {
    pub line: usize,
    pub input: String,
    pub expected: String,
}

pub fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/markdown");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

pub fn all() -> Vec<Example> {
    files().iter().flat_map(|f| read(f)).collect()
}

pub fn read(path: &Path) -> Vec<Example> {
    let text = fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut lines = text.split_inclusive('\n').enumerate();
    while let Some((n, line)) = lines.next() {
        if line.trim_end() != format!("{FENCE} example") {
            continue;
        }
        let (mut input, mut expected, mut in_expected) = (String::new(), String::new(), false);
        for (_, line) in lines.by_ref() {
            if line.trim_end() == FENCE {
                break;
            }
            if !in_expected && line == ".\n" {
                in_expected = true;
            } else if in_expected {
                expected.push_str(line);
            } else {
                input.push_str(line);
            }
        }
        out.push(Example {
            line: n + 1,
            input: input.replace('→', "\t"),
            expected,
        });
    }
    out
}

pub fn write(path: &Path, examples: &[(String, String)]) {
    let mut text = String::new();
    for (input, expected) in examples {
        let input = input.replace('\t', "→");
        write!(
            text,
            "{FENCE} example
{input}.
{expected}{FENCE}

"
        )
        .unwrap();
    }
    fs::write(path, text).unwrap();
}
