//! Writing files, for every command that writes one (`export`, `render -o`, `puzzle gen`,
//! `fmt`): one place that decides what may be overwritten and that never leaves a file half
//! written.
//!
//! - Atomic: the contents go to a temporary file in the same folder, which is flushed to disk
//!   and then renamed over the target. A full disk, a killed process or a power cut leaves
//!   either the old file or the new one, never a truncated one; a temporary file that could
//!   not be finished is removed. A replaced file keeps its permissions, and a symbolic link
//!   is written through (the file it points to is replaced, the link stays).
//! - An existing file is overwritten only with `--force` ([`Writer::new`]'s `force`); without
//!   it the new file is published with a hard link, which fails if the name was taken in the
//!   meantime, so not even a file created while the command ran is lost.
//! - A command's own inputs are never overwritten, even with `--force` (`carc export l.carc
//!   -o l.carc` would replace the lesson with its page): paths are compared canonically (and
//!   by device and inode on Unix, so another hard link to an input is refused too).
//!
//! `fmt` rewrites its inputs by design: it uses [`replace`], atomic in the same way.

use std::fmt;
use std::fs::File;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use crate::Problem;

/// Why a file was not written. Each is a failure of the command (exit status 2).
#[derive(Debug)]
pub enum WriteError {
    /// The target is one of the command's inputs: refused even with `--force`.
    Input {
        /// The target as given.
        target: PathBuf,
        /// The input it is, as given.
        input: PathBuf,
    },
    /// The target exists and `--force` was not given.
    Exists(PathBuf),
    /// Creating, writing or renaming failed.
    Io(PathBuf, io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Input { target, input } if target == input => write!(
                f,
                "{}: is an input of this command; it is never overwritten, not even with `--force`",
                target.display()
            ),
            WriteError::Input { target, input } => write!(
                f,
                "{}: is the input {}; it is never overwritten, not even with `--force`",
                target.display(),
                input.display()
            ),
            WriteError::Exists(path) => write!(
                f,
                "{}: already exists; `--force` overwrites it",
                path.display()
            ),
            WriteError::Io(path, e) => write!(f, "{}: cannot write: {e}", path.display()),
        }
    }
}

impl From<WriteError> for Problem {
    fn from(error: WriteError) -> Self {
        Problem::Fail(error.to_string())
    }
}

/// One input of a command, as given and as found on disk.
struct Input {
    given: PathBuf,
    canonical: PathBuf,
    /// Device and inode: another name (a hard link) for the same file.
    #[cfg(unix)]
    id: (u64, u64),
}

/// Where a command writes: whether it may overwrite existing files, and its inputs, which it
/// may never overwrite.
pub struct Writer {
    force: bool,
    inputs: Vec<Input>,
}

impl Writer {
    /// A writer for a command whose inputs are `inputs` (paths that do not exist are
    /// ignored: they cannot be overwritten) and that overwrites existing files only if
    /// `force`.
    pub fn new<'a>(force: bool, inputs: impl IntoIterator<Item = &'a Path>) -> Self {
        let inputs = inputs
            .into_iter()
            .filter_map(|given| {
                let canonical = given.canonicalize().ok()?;
                #[cfg(unix)]
                let id = {
                    use std::os::unix::fs::MetadataExt as _;
                    let meta = std::fs::metadata(&canonical).ok()?;
                    (meta.dev(), meta.ino())
                };
                Some(Input {
                    given: given.to_owned(),
                    canonical,
                    #[cfg(unix)]
                    id,
                })
            })
            .collect();
        Writer { force, inputs }
    }

    /// Whether `target` may be written: not an input, and new unless `--force`. A command
    /// that writes several files checks them all first, so that a refusal writes nothing.
    pub fn check(&self, target: &Path) -> Result<(), WriteError> {
        if std::fs::symlink_metadata(target).is_err() {
            return Ok(()); // nothing there yet: neither an input nor an existing file
        }
        if let Some(input) = self.input_at(target) {
            return Err(WriteError::Input {
                target: target.to_owned(),
                input: input.given.clone(),
            });
        }
        if !self.force {
            return Err(WriteError::Exists(target.to_owned()));
        }
        Ok(())
    }

    /// The input that `target` (an existing path) names, if any.
    fn input_at(&self, target: &Path) -> Option<&Input> {
        let canonical = target.canonicalize().ok();
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt as _;
            std::fs::metadata(target)
                .ok()
                .map(|meta| (meta.dev(), meta.ino()))
        };
        self.inputs.iter().find(|input| {
            #[cfg(unix)]
            if id == Some(input.id) {
                return true;
            }
            canonical.as_ref() == Some(&input.canonical)
        })
    }

    /// Writes `contents` to `target` atomically, after [`Writer::check`].
    pub fn write(&self, target: &Path, contents: &[u8]) -> Result<(), WriteError> {
        self.check(target)?;
        let clobber = if self.force {
            Clobber::Replace
        } else {
            Clobber::Refuse
        };
        write_atomic(target, clobber, |file| file.write_all(contents))
    }
}

/// Replaces the existing file `path` with `contents` atomically, keeping its permissions:
/// `carc fmt`, which rewrites its inputs by design.
pub fn replace(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    write_atomic(path, Clobber::Replace, |file| file.write_all(contents))
}

/// What to do when the target exists at the moment the new file is published.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clobber {
    Replace,
    Refuse,
}

/// Fills a temporary file beside `path` with `fill`, flushes it to disk, gives it the
/// permissions of the file it replaces and publishes it under `path`. On any failure the
/// temporary file is removed and `path` is as it was.
fn write_atomic(
    path: &Path,
    clobber: Clobber,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), WriteError> {
    let io_error = |e| WriteError::Io(path.to_owned(), e);
    // Through a symbolic link: the file it points to is replaced, and the link stays.
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => path.canonicalize().map_err(io_error)?,
        _ => path.to_owned(),
    };
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        if meta.is_dir() {
            return Err(io_error(io::Error::other("is a folder")));
        }
    }
    let (temp, mut file) = create_temp(&target).map_err(io_error)?;
    let written = fill(&mut file)
        .and_then(|()| file.sync_all())
        .and_then(|()| match &existing {
            Some(meta) => std::fs::set_permissions(&temp, meta.permissions()),
            None => Ok(()),
        });
    drop(file);
    let published = written.and_then(|()| publish(&temp, &target, clobber));
    match published {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(if e.kind() == io::ErrorKind::AlreadyExists {
                WriteError::Exists(path.to_owned())
            } else {
                io_error(e)
            })
        }
    }
}

/// Moves the finished temporary file to `target`. Replacing: a rename, atomic on the same
/// file system. Refusing: a hard link, which fails if `target` exists (a rename would not),
/// then the temporary name is removed; on a file system without hard links, a check then a
/// rename.
fn publish(temp: &Path, target: &Path, clobber: Clobber) -> io::Result<()> {
    if clobber == Clobber::Replace {
        return std::fs::rename(temp, target);
    }
    match std::fs::hard_link(temp, target) {
        Ok(()) => {
            let _ = std::fs::remove_file(temp);
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if std::fs::symlink_metadata(target).is_ok() => {
            Err(io::Error::from(io::ErrorKind::AlreadyExists))
        }
        Err(_) => std::fs::rename(temp, target),
    }
}

/// A new, empty file beside `target` (same folder, so that the rename stays on one file
/// system), hidden and named after it: `.NAME.carc-PID-N.tmp`.
fn create_temp(target: &Path) -> io::Result<(PathBuf, File)> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pid = std::process::id();
    let mut attempt = 0u32;
    loop {
        let temp = folder.join(format!(".{name}.carc-{pid}-{attempt}.tmp"));
        match File::options().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("carc-output-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_whole_and_no_temporary_file() {
        let dir = scratch("failed");
        let path = dir.join("lesson.carc");
        std::fs::write(&path, "tile D 0,0\n").unwrap();
        // As a full disk does: part of the text is written, then the write fails.
        let result = write_atomic(&path, Clobber::Replace, |file| {
            file.write_all(b"tile D")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left"))
        });
        let err = result.unwrap_err().to_string();
        assert!(
            err.contains("lesson.carc: cannot write: no space left"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "tile D 0,0\n");
        assert_eq!(entries(&dir), ["lesson.carc"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_link_stays_a_link() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = scratch("permissions");
        let path = dir.join("lesson.carc");
        std::fs::write(&path, "old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink("lesson.carc", dir.join("link.carc")).unwrap();
        replace(&dir.join("link.carc"), b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(std::fs::symlink_metadata(dir.join("link.carc"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(entries(&dir), ["lesson.carc", "link.carc"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_created_after_the_check_is_not_overwritten_without_force() {
        let dir = scratch("race");
        let path = dir.join("out.html");
        // The name is free when checked, taken before the new file is published.
        let result = write_atomic(&path, Clobber::Refuse, |file| {
            std::fs::write(&path, "theirs")?;
            file.write_all(b"ours")
        });
        assert!(matches!(result, Err(WriteError::Exists(_))));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert_eq!(entries(&dir), ["out.html"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inputs_are_refused_by_any_name_even_with_force() {
        let dir = scratch("inputs");
        let path = dir.join("l.carc");
        std::fs::write(&path, "tile D 0,0\n").unwrap();
        let writer = Writer::new(true, [path.as_path()]);
        let other_name = dir.join(".").join("l.carc");
        let err = writer.write(&other_name, b"<html>").unwrap_err();
        assert!(matches!(err, WriteError::Input { .. }), "{err}");
        #[cfg(unix)]
        {
            std::fs::hard_link(&path, dir.join("hard.carc")).unwrap();
            let err = writer.write(&dir.join("hard.carc"), b"<html>").unwrap_err();
            assert!(matches!(err, WriteError::Input { .. }), "{err}");
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "tile D 0,0\n");
        writer.write(&dir.join("out.html"), b"<html>").unwrap();
        assert_eq!(std::fs::read(dir.join("out.html")).unwrap(), b"<html>");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
