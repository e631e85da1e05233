//! `carc export FILE [-o OUT] [--force] [--format html|json]` and `carc export FOLDER -o DIR`:
//! lessons as self-contained web pages. The page model (steps, texts) comes from the analysis
//! (`carc_analysis::lesson`); this module reads the files, refuses files with errors unless
//! `--force`, and writes the pages and the index that [`page`] assembles.

mod page;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carc_analysis::Severity;

use crate::args;
use crate::files::{collect_carc_files, read_source, SourceError};
use crate::report::Report;
use crate::{Outcome, Problem};

/// One lesson file, read and analysed.
struct Source {
    path: PathBuf,
    text: String,
    analysis: carc_analysis::Analysis,
}

/// Runs `carc export`; `Err` is a usage or I/O problem (exit status 2).
pub fn export(args: args::ExportArgs, _color: args::ColorWhen) -> Outcome {
    let usage = |message: &str| Problem::Usage(args::usage_error(&["export"], message));
    let json = args.format == args::ExportFormat::Json;
    let meta = std::fs::metadata(&args.path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => SourceError::Missing(args.path.clone()).to_string(),
        _ => SourceError::Unreadable(args.path.clone(), e).to_string(),
    })?;
    let folder = meta.is_dir();
    if folder && json {
        return Err(usage("`--format json` exports one file, not a folder"));
    }
    if folder && args.output.is_none() {
        return Err(usage("a folder exports to a folder: give it with `-o DIR`"));
    }
    let files = if folder {
        collect_carc_files(std::slice::from_ref(&args.path)).map_err(|e| e.to_string())?
    } else {
        vec![args.path.clone()]
    };
    let mut sources = Vec::new();
    for path in files {
        let text = read_source(&path).map_err(|e| e.to_string())?;
        let analysis = carc_analysis::analyze(&text);
        sources.push(Source {
            path,
            text,
            analysis,
        });
    }
    // A file with errors exports nothing (and no file of a folder is written) unless --force.
    let mut report = Report::default();
    for s in &sources {
        let errors: Vec<_> = s
            .analysis
            .diagnostics()
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        report.add(&s.path, &s.text, &errors);
    }
    if report.has_errors() {
        eprint!("{}", report.human());
        if !args.force {
            eprintln!(
                "carc: {}; nothing exported (`--force` exports anyway)",
                report.summary()
            );
            return Ok(ExitCode::from(1));
        }
        eprintln!("carc: exporting despite errors (--force)");
    }
    if folder {
        let out = args.output.as_deref().expect("checked above");
        export_folder(&args.path, &sources, out)?;
    } else {
        let source = &sources[0];
        if !json {
            page::check_weight(&source.text, &source.path.display().to_string())?;
        }
        let lesson = carc_analysis::lesson(&source.analysis);
        let text = if json {
            let mut json = page::lesson_json(&lesson).to_string();
            json.push('\n');
            json
        } else {
            page::lesson_page(&lesson, &fallback_title(&source.path), None)
        };
        match &args.output {
            None => crate::output::print(&text),
            Some(path) => write(path, &text)?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The title of a lesson without `title`: its file name without `.carc`.
fn fallback_title(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "Lesson".to_owned())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| SourceError::Write(path.to_owned(), e).to_string())
}

/// Every lesson of `root` as `DIR/<its path below root>.html`, and `DIR/index.html` listing
/// them in file order.
fn export_folder(root: &Path, sources: &[Source], out: &Path) -> Result<(), String> {
    if out.exists() && !out.is_dir() {
        return Err(format!("{}: exists and is not a folder", out.display()));
    }
    // Each page's path below the output folder, with `/` between components.
    let pages: Vec<Vec<String>> = sources
        .iter()
        .map(|s| {
            let relative = s.path.strip_prefix(root).unwrap_or(&s.path);
            let mut parts: Vec<String> = relative
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect();
            if let Some(last) = parts.last_mut() {
                let stem = last.strip_suffix(".carc").unwrap_or(last).to_owned();
                *last = format!("{stem}.html");
            }
            parts
        })
        .collect();
    // A page over the size limit stops the whole export before anything is built or written.
    for s in sources {
        page::check_weight(&s.text, &s.path.display().to_string())?;
    }
    let lessons: Vec<carc_analysis::Lesson> = sources
        .iter()
        .map(|s| carc_analysis::lesson(&s.analysis))
        .collect();
    let titles: Vec<String> = lessons
        .iter()
        .zip(sources)
        .map(|(l, s)| page::display_title(l.title.as_deref(), &fallback_title(&s.path)))
        .collect();
    let course = root
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "Lessons".to_owned());
    std::fs::create_dir_all(out).map_err(|e| SourceError::Write(out.to_owned(), e).to_string())?;
    for (index, (lesson, parts)) in lessons.iter().zip(&pages).enumerate() {
        let link = |other: usize| {
            pages
                .get(other)
                .map(|p| (page::relative_href(parts, p), titles[other].clone()))
        };
        let site = page::Site {
            course: course.clone(),
            index: page::relative_href(parts, &["index.html".to_owned()]),
            previous: index.checked_sub(1).and_then(link),
            next: link(index + 1),
            position: (index + 1, lessons.len()),
        };
        let html = page::lesson_page(lesson, &titles[index], Some(&site));
        let mut path = out.to_owned();
        for part in parts {
            path.push(part);
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| SourceError::Write(parent.to_owned(), e).to_string())?;
        }
        write(&path, &html)?;
    }
    let entries: Vec<page::IndexEntry> = lessons
        .iter()
        .zip(&pages)
        .zip(&titles)
        .map(|((lesson, parts), title)| page::IndexEntry {
            href: page::relative_href(&[], parts),
            title: title.clone(),
            note: lesson.notes.first().cloned(),
        })
        .collect();
    write(
        &out.join("index.html"),
        &page::index_page(&course, &entries),
    )
}
