//! `carc import GAME.jcz [-o OUT.carc [--force]] [--until N [--draws K]]`: a JCloisterZone
//! save as a `.carc` file. Reads the save, hands its text to the analysis
//! (`carc_analysis::import_jcz`, which maps it and computes every score), prints or writes
//! the result. A save carc cannot import is a failure (status 2) whose message names the
//! field and the error's code (`jcz-expansion`, `jcz-tile`, …; docs/import.md lists them).

use std::process::ExitCode;

use crate::args;
use crate::files::read_source;
use crate::output::file::Writer;
use crate::Outcome;

/// Runs `carc import`; `Err` is a usage, input, output or import problem (exit status 2).
pub fn import(args: args::ImportArgs) -> Outcome {
    // Refused before any work: an existing OUT without --force, or the input itself.
    let writer = Writer::new(args.force, [args.file.as_path()]);
    if let Some(path) = &args.output {
        writer.check(path)?;
    }
    let json = read_source(&args.file).map_err(|e| e.to_string())?;
    let title = args
        .file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let options = carc_analysis::ImportOptions {
        title,
        until: args.until.map(|n| n as usize),
        draws: args.draws as usize,
    };
    let text = carc_analysis::import_jcz(&json, &options).map_err(|e| {
        format!(
            "{}: {} [{}]",
            args.file.display(),
            crate::output::terminal_text(&e.to_string()),
            e.code.as_str()
        )
    })?;
    match &args.output {
        None => crate::output::print(&text),
        Some(path) => writer.write(path, text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}
