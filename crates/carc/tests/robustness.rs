//! The CLI on hostile files: not UTF-8, link loops, huge files, unreadable files, FIFOs,
//! devices and folders where a file is expected. Always a clear message and exit status 2
//! (or the file's proper diagnostics), never a panic and never a hang: every run here is
//! killed after a deadline.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(60);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `carc` with a deadline; a run that outlives it is killed and fails the test.
fn carc(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carc runs");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let stdout = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let stderr = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("carc {args:?} still ran after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let run = Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&stdout.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&stderr.join().unwrap()).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("robustness")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_utf16_file_is_refused_as_not_utf8() {
    let dir = scratch("utf16");
    let file = dir.join("utf16.carc");
    let mut bytes = vec![0xff, 0xfe];
    bytes.extend("tile D 0,0\n".encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(&file, bytes).unwrap();
    for command in ["check", "fmt"] {
        let run = carc(&[command, s(&file)]);
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("not UTF-8 text (invalid byte at offset 0)"),
            "{}",
            run.stderr
        );
    }
}

#[cfg(unix)]
#[test]
fn a_link_loop_given_as_a_path_or_met_in_a_folder_is_reported_not_followed() {
    let dir = scratch("links");
    std::os::unix::fs::symlink("b.carc", dir.join("a.carc")).unwrap();
    std::os::unix::fs::symlink("a.carc", dir.join("b.carc")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("self")).unwrap();
    let run = carc(&["check", s(&dir.join("a.carc"))]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("a.carc: cannot read"), "{}", run.stderr);
    // In a folder: the folder link is not followed; the looping file links are reported.
    let run = carc(&["check", s(&dir)]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("a.carc: cannot read"), "{}", run.stderr);
    assert!(run.stderr.contains("b.carc: cannot read"), "{}", run.stderr);
}

#[test]
fn a_10_mb_file_of_one_line_is_one_error_and_a_short_report() {
    let dir = scratch("one-line");
    let file = dir.join("line.carc");
    let mut text = "tile D 0,0 ".to_owned();
    text.push_str(&"é".repeat(5 * 1024 * 1024));
    text.push('\n');
    std::fs::write(&file, &text).unwrap();
    let start = Instant::now();
    let run = carc(&["check", s(&file)]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .starts_with("error[syntax]: line too long: 10485771 bytes, at most 65536 are read"),
        "{}",
        run.stdout.chars().take(300).collect::<String>()
    );
    assert!(
        run.stdout.len() < 2_000,
        "the excerpt is cut: {} bytes",
        run.stdout.len()
    );
    assert!(run.stderr.contains("1 error"));
    let run = carc(&["check", "--format", "json", s(&file)]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value.as_array().map(Vec::len), Some(1));
    // The formatter keeps a line it could not parse as it is.
    let run = carc(&["fmt", "--check", s(&file)]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(start.elapsed() < DEADLINE);
}

#[test]
fn a_10_mb_file_of_many_lines_gets_its_diagnostics() {
    let dir = scratch("many-lines");
    let file = dir.join("many.carc");
    let mut text =
        String::from("players red blue\ntile D 0,0\nturn red E 0,1 r180 knight S => red +4\n");
    let filler = "# a long lesson: 😀 ünïcödé and words, words, words, words\n";
    while text.len() < 10 * 1024 * 1024 {
        text.push_str(filler);
        text.push('\n');
    }
    text.push_str("turn blue Q 5,5\n");
    std::fs::write(&file, &text).unwrap();
    let run = carc(&["check", "--format", "json", s(&file)]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let codes: Vec<&str> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["not-adjacent"], "{value}");
}

#[test]
fn a_file_over_64_mib_is_refused_without_reading_it() {
    let dir = scratch("huge");
    let file = dir.join("huge.carc");
    // Sparse: no 65 MiB are written.
    std::fs::File::create(&file)
        .unwrap()
        .set_len(65 * 1024 * 1024)
        .unwrap();
    let run = carc(&["check", s(&file)]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("68157440 bytes is larger than the 64 MiB carc reads"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_or_folder_exits_2_unless_permissions_do_not_apply() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unreadable");
    let file = dir.join("secret.carc");
    std::fs::write(&file, "tile D 0,0\n").unwrap();
    let folder = dir.join("closed");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("inside.carc"), "tile D 0,0\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o000)).unwrap();
    // As root (CI containers) mode 000 does not stop reading: then the files are checked.
    let privileged = std::fs::read(&file).is_ok();
    let file_run = carc(&["check", s(&file)]);
    let folder_run = carc(&["check", s(&folder)]);
    let fmt_run = carc(&["fmt", s(&file)]);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    if privileged {
        assert_eq!(file_run.code, Some(0), "{}", file_run.stderr);
        assert_eq!(folder_run.code, Some(0), "{}", folder_run.stderr);
        assert!(folder_run.stderr.contains("checked 1 file"));
        assert_eq!(fmt_run.code, Some(0), "{}", fmt_run.stderr);
    } else {
        assert_eq!(file_run.code, Some(2));
        assert!(
            file_run
                .stderr
                .contains("secret.carc: cannot read: Permission denied"),
            "{}",
            file_run.stderr
        );
        assert_eq!(folder_run.code, Some(2));
        assert!(
            folder_run.stderr.contains("closed: cannot read"),
            "{}",
            folder_run.stderr
        );
        assert_eq!(fmt_run.code, Some(2));
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_is_refused_instead_of_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.carc");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let mut targets = vec![PathBuf::from("/dev/zero"), PathBuf::from("/dev/null")];
    if made.is_ok_and(|s| s.success()) {
        targets.push(fifo.clone());
    }
    for target in &targets {
        for command in ["check", "fmt"] {
            let run = carc(&[command, s(target)]);
            assert_eq!(run.code, Some(2), "{command} {}", target.display());
            assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
        }
    }
    // Met in a folder search, the FIFO is reported too (and the other files checked).
    if targets.contains(&fifo) {
        std::fs::write(dir.join("ok.carc"), "tile D 0,0\n").unwrap();
        let run = carc(&["check", s(&dir)]);
        assert_eq!(run.code, Some(2));
        assert!(
            run.stderr.contains("pipe.carc: not a regular file"),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr
                .contains("checked 1 file (1 more could not be read)"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn a_folder_named_like_a_file_is_searched() {
    let dir = scratch("folder");
    let folder = dir.join("game.carc");
    std::fs::create_dir(&folder).unwrap();
    // Empty, it holds nothing to check: said, and exit status 2 (not "checked 0 files").
    let run = carc(&["check", s(&folder)]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("game.carc: no .carc file in this folder"),
        "{}",
        run.stderr
    );
    std::fs::write(folder.join("inner.carc"), "tile D 0,0\ntile D 0,0\n").unwrap();
    let run = carc(&["check", s(&folder)]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stdout.contains("duplicate-cell"), "{}", run.stdout);
}
