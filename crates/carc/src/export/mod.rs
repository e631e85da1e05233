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
use crate::output::file::{WriteError, Writer};
use crate::report::Report;
use crate::{Outcome, Problem};

/// One lesson file, read and analysed.
struct Source {
    path: PathBuf,
    text: String,
    analysis: carc_analysis::Analysis,
}

/// Runs `carc export`; `Err` is a usage or I/O problem (exit status 2).
pub fn export(args: args::ExportArgs, color: args::ColorWhen) -> Outcome {
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
    // Reading and analysing is most of a folder's time: a bar when there are several files.
    let bar = crate::progress::bar(if folder { files.len() } else { 0 }, "checking lessons");
    for path in files {
        bar.inc(1);
        let text = read_source(&path).map_err(|e| e.to_string())?;
        let analysis = carc_analysis::analyze(&text);
        sources.push(Source {
            path,
            text,
            analysis,
        });
    }
    bar.finish_and_clear();
    // A file with errors exports nothing (and no file of a folder is written) unless --force.
    // Printed on standard error: coloured if that is a terminal.
    let mut report = Report::new(crate::output::colored(color, &std::io::stderr()));
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
    // Inputs are never overwritten; an existing page only with --force.
    let writer = Writer::new(args.force, sources.iter().map(|s| s.path.as_path()));
    if folder {
        let out = args.output.as_deref().expect("checked above");
        export_folder(&args.path, &sources, out, &writer)?;
    } else {
        let source = &sources[0];
        if let Some(path) = &args.output {
            writer.check(path)?;
        }
        let lesson = carc_analysis::lesson(&source.analysis);
        if !json {
            page::check_span(&lesson, &source.path.display().to_string())?;
        }
        let text = if json {
            let mut json = page::lesson_json(&lesson).to_string();
            json.push('\n');
            json
        } else {
            page::lesson_page(&lesson, &fallback_title(&source.path), None)
        };
        match &args.output {
            None => crate::output::print(&text),
            Some(path) => writer.write(path, text.as_bytes())?,
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

/// The site's index page, at the top of the output folder.
const INDEX: &str = "index.html";

/// Each lesson's page below the output folder, as path components: its path below `root`
/// with `.carc` (in any case) replaced by `.html`. A page whose path is taken (by the index,
/// for `index.carc` at the top; or by an earlier page, for `a.carc` and `a.CARC`, compared
/// without case since many file systems do) gets the first `-2`, `-3`… before `.html` that
/// no other page has: no page is ever written over another, and the pages without a clash
/// keep their names.
fn page_paths(root: &Path, paths: &[&Path]) -> Vec<Vec<String>> {
    let natural: Vec<(Vec<String>, String)> = paths
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(root).unwrap_or(path);
            let mut folders: Vec<String> = relative
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect();
            let name = folders.pop().unwrap_or_default();
            let stem = match name.len().checked_sub(".carc".len()) {
                Some(cut)
                    if name.is_char_boundary(cut) && name[cut..].eq_ignore_ascii_case(".carc") =>
                {
                    name[..cut].to_owned()
                }
                _ => name,
            };
            (folders, stem)
        })
        .collect();
    let key = |folders: &[String], name: &str| {
        let mut key = folders.join("/").to_lowercase();
        key.push('/');
        key.push_str(&name.to_lowercase());
        key
    };
    let mut taken = std::collections::HashSet::from([key(&[], INDEX)]);
    // First every page that can keep its name, in file order; then the others.
    let mut names: Vec<Option<String>> = natural
        .iter()
        .map(|(folders, stem)| {
            let name = format!("{stem}.html");
            taken.insert(key(folders, &name)).then_some(name)
        })
        .collect();
    for ((folders, stem), name) in natural.iter().zip(&mut names) {
        if name.is_none() {
            let free = (2usize..)
                .map(|n| format!("{stem}-{n}.html"))
                .find(|candidate| taken.insert(key(folders, candidate)));
            *name = free;
        }
    }
    natural
        .into_iter()
        .zip(names)
        .map(|((mut folders, _), name)| {
            folders.push(name.unwrap_or_default());
            folders
        })
        .collect()
}

/// Every lesson of `root` as `DIR/<its path below root>.html` ([`page_paths`]), and
/// `DIR/index.html` listing them in file order. Every target is checked before anything is
/// written: a refusal (an existing page without `--force`) writes nothing.
fn export_folder(
    root: &Path,
    sources: &[Source],
    out: &Path,
    writer: &Writer,
) -> Result<(), Problem> {
    if out.exists() && !out.is_dir() {
        return Err(format!("{}: exists and is not a folder", out.display()).into());
    }
    let paths: Vec<&Path> = sources.iter().map(|s| s.path.as_path()).collect();
    // Each page's path below the output folder, with `/` between components.
    let pages = page_paths(root, &paths);
    let target = |parts: &[String]| {
        let mut path = out.to_owned();
        path.extend(parts);
        path
    };
    for parts in &pages {
        writer.check(&target(parts))?;
    }
    writer.check(&out.join(INDEX))?;
    let lessons: Vec<carc_analysis::Lesson> = sources
        .iter()
        .map(|s| carc_analysis::lesson(&s.analysis))
        .collect();
    // A lesson over the page's limit stops the whole export before anything is written.
    for (lesson, s) in lessons.iter().zip(sources) {
        page::check_span(lesson, &s.path.display().to_string())?;
    }
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
    let create =
        |dir: &Path| std::fs::create_dir_all(dir).map_err(|e| WriteError::Io(dir.to_owned(), e));
    create(out)?;
    let bar = crate::progress::bar(lessons.len(), "writing pages");
    for (index, (lesson, parts)) in lessons.iter().zip(&pages).enumerate() {
        bar.inc(1);
        let link = |other: usize| {
            pages
                .get(other)
                .map(|p| (page::relative_href(parts, p), titles[other].clone()))
        };
        let site = page::Site {
            course: course.clone(),
            index: page::relative_href(parts, &[INDEX.to_owned()]),
            previous: index.checked_sub(1).and_then(link),
            next: link(index + 1),
            position: (index + 1, lessons.len()),
        };
        let html = page::lesson_page(lesson, &titles[index], Some(&site));
        let path = target(parts);
        if let Some(parent) = path.parent() {
            create(parent)?;
        }
        writer.write(&path, html.as_bytes())?;
    }
    bar.finish_and_clear();
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
    writer.write(
        &out.join(INDEX),
        page::index_page(&course, &entries).as_bytes(),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_page_takes_the_index_or_another_pages_name() {
        let root = Path::new("course");
        let files = [
            "course/index.carc",
            "course/index-2.carc",
            "course/a.carc",
            "course/A.CARC",
            "course/sub/index.carc",
            "course/notes.txt.Carc",
        ];
        let paths: Vec<&Path> = files.iter().map(Path::new).collect();
        let pages: Vec<String> = page_paths(root, &paths)
            .iter()
            .map(|p| p.join("/"))
            .collect();
        assert_eq!(
            pages,
            [
                "index-3.html", // index.html is the site's index, index-2.html the next file's
                "index-2.html",
                "a.html",
                "A-2.html",       // the same name as a.html on a case-blind file system
                "sub/index.html", // only the top folder's index.html is the site's
                "notes.txt.html",
            ]
        );
    }
}
