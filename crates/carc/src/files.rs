//! Finding and reading the files a command works on.

use std::collections::HashSet;
use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};

// Files larger than this are refused rather than analysed: no lesson is this long, and a
// multi-gigabyte file would only exhaust memory. One of carc's limits (carc-notation's table).
use carc_notation::limits::MAX_FILE_BYTES;

/// Why a path could not be used.
#[derive(Debug)]
pub enum SourceError {
    /// The path does not exist.
    Missing(PathBuf),
    /// The file or folder could not be read.
    Unreadable(PathBuf, std::io::Error),
    /// The file is not UTF-8; the byte offset of the first bad byte.
    NotUtf8(PathBuf, usize),
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge(PathBuf, u64),
    /// Not a regular file (a FIFO, a device, a socket): reading it could block for ever or
    /// never end.
    NotAFile(PathBuf),
    /// A folder named on the command line holds no `.carc` file: nothing would be checked.
    NoCarcFiles(PathBuf),
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceError::Missing(p) => write!(f, "{}: no such file or folder", p.display()),
            SourceError::Unreadable(p, e) => write!(f, "{}: cannot read: {e}", p.display()),
            SourceError::NotUtf8(p, at) => {
                write!(
                    f,
                    "{}: not UTF-8 text (invalid byte at offset {at})",
                    p.display()
                )
            }
            SourceError::TooLarge(p, n) => write!(
                f,
                "{}: {n} bytes is larger than the {} MiB carc reads",
                p.display(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
            SourceError::NoCarcFiles(p) => write!(
                f,
                "{}: no .carc file in this folder (nothing to do)",
                p.display()
            ),
            SourceError::NotAFile(p) => write!(
                f,
                "{}: not a regular file (a pipe, device or socket is not read)",
                p.display()
            ),
        }
    }
}

/// Expands the command line's paths: files are taken as given, folders are searched
/// recursively for `*.carc` files (the extension in any case: `BAD.CARC` too; sorted, each
/// file once, symbolic links to folders not followed so that a link loop cannot hang the
/// search). A missing path is an error, and so is a folder without a `.carc` file: a typo
/// must not pass as "checked 0 files".
pub fn collect_carc_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, SourceError> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => SourceError::Missing(path.clone()),
            _ => SourceError::Unreadable(path.clone(), e),
        })?;
        if meta.is_dir() {
            let before = out.len();
            walk(path, &mut out)?;
            if out.len() == before {
                return Err(SourceError::NoCarcFiles(path.clone()));
            }
        } else {
            out.push(path.clone());
        }
    }
    out.retain(|p| seen.insert(p.clone()));
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), SourceError> {
    let entries = std::fs::read_dir(dir).map_err(|e| SourceError::Unreadable(dir.to_owned(), e))?;
    let mut children: Vec<PathBuf> = entries
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| SourceError::Unreadable(dir.to_owned(), e))?;
    children.sort();
    for child in children {
        // symlink_metadata: a link is never a folder here, so links are not followed.
        let Ok(meta) = std::fs::symlink_metadata(&child) else {
            continue;
        };
        if meta.is_dir() {
            walk(&child, out)?;
        } else if child
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("carc"))
        {
            out.push(child);
        }
    }
    Ok(())
}

/// Reads a regular file as UTF-8 text. Anything else is refused before it is opened (opening
/// a FIFO blocks until a writer comes; `/dev/zero` never ends), and no more than
/// [`MAX_FILE_BYTES`] are read even from a file that grows or lies about its size (`/proc`).
pub fn read_source(path: &Path) -> Result<String, SourceError> {
    let unreadable = |e| SourceError::Unreadable(path.to_owned(), e);
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    if !meta.is_file() {
        return Err(SourceError::NotAFile(path.to_owned()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(SourceError::TooLarge(path.to_owned(), meta.len()));
    }
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SourceError::TooLarge(path.to_owned(), bytes.len() as u64));
    }
    String::from_utf8(bytes)
        .map_err(|e| SourceError::NotUtf8(path.to_owned(), e.utf8_error().valid_up_to()))
}
