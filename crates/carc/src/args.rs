//! The one command-line parser of the subcommands: options with values (`--line 3`,
//! `--line=3`, `-o out.svg`), switches (`--check`) and positional arguments, with the
//! options every subcommand reads the same way (`--line`, `--format`). `--help` (or `-h`)
//! anywhere prints the subcommand's usage on stdout and exits with status 0.

/// The options a subcommand accepts.
pub struct Spec {
    /// The subcommand's usage line, appended to every usage error.
    pub usage: &'static str,
    /// Options that take a value; each entry lists a name and its aliases (`["--output", "-o"]`).
    pub valued: &'static [&'static [&'static str]],
    /// Options that take no value.
    pub switches: &'static [&'static str],
}

/// A parsed command line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The arguments that are not options, in order.
    pub positional: Vec<String>,
    /// Options with their values, by canonical name (the first of its entry), in order; a
    /// repeated option keeps every value ([`Parsed::value`] reads the last, [`Parsed::values`]
    /// all of them).
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

/// How a report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// For a person: rustc-like text or a table.
    Human,
    /// One JSON array.
    Json,
}

/// Parses `args` against `spec`; `Err` is a usage message (exit status 2). With `--help` or
/// `-h` among them, prints the usage and ends the process with status 0 instead.
pub fn parse(args: &[String], spec: &Spec) -> Result<Parsed, String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        crate::output::println(&format!(
            "{}\n(`carc help` lists every command)",
            spec.usage
        ));
        std::process::exit(0);
    }
    let mut parsed = Parsed::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if !arg.starts_with('-') || arg == "-" {
            parsed.positional.push(arg.clone());
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        if let Some(names) = spec.valued.iter().find(|names| names.contains(&name)) {
            let value = match inline {
                Some(value) => value,
                None => iter
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("`{name}` needs a value\n{}", spec.usage))?,
            };
            parsed.values.push((names[0], value));
        } else if let Some(switch) = spec.switches.iter().find(|s| **s == name) {
            if inline.is_some() {
                return Err(format!("`{name}` takes no value\n{}", spec.usage));
            }
            parsed.switches.push(switch);
        } else {
            return Err(format!("unknown option `{arg}`\n{}", spec.usage));
        }
    }
    Ok(parsed)
}

impl Parsed {
    /// The value of an option, by its canonical name (the last given when it is repeated).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a repeatable option, by its canonical name, in the order given.
    pub fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.values
            .iter()
            .filter(move |(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// `--line N`, a 1-based line number.
    pub fn line(&self) -> Result<Option<usize>, String> {
        let Some(v) = self.value("--line") else {
            return Ok(None);
        };
        match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(n)),
            _ => Err(format!("`--line` takes a line number from 1, not `{v}`")),
        }
    }

    /// `--format human|json` (human when absent).
    pub fn format(&self) -> Result<Format, String> {
        match self.value("--format") {
            None | Some("human") => Ok(Format::Human),
            Some("json") => Ok(Format::Json),
            Some(other) => Err(format!("unknown format `{other}`: expected human or json")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        usage: "usage: carc x FILE [--line N] [-o OUT] [--check]",
        valued: &[&["--line"], &["--output", "-o"], &["--format"]],
        switches: &["--check"],
    };

    fn parse_list(list: &[&str]) -> Result<Parsed, String> {
        let args: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        parse(&args, &SPEC)
    }

    #[test]
    fn options_in_any_order_with_or_without_equals_and_aliases() {
        let p = parse_list(&["--line=3", "a.carc", "-o", "b.svg", "--check"]).unwrap();
        assert_eq!(p.positional, ["a.carc"]);
        assert_eq!(p.line(), Ok(Some(3)));
        assert_eq!(p.value("--output"), Some("b.svg"));
        assert!(p.switch("--check"));
        let p = parse_list(&["--output=c.svg", "--format", "json", "x", "y"]).unwrap();
        assert_eq!(p.value("--output"), Some("c.svg"));
        assert_eq!(p.format(), Ok(Format::Json));
        assert_eq!(p.positional, ["x", "y"]);
        assert!(!p.switch("--check"));
    }

    #[test]
    fn a_repeated_option_keeps_every_value_and_value_reads_the_last() {
        let p = parse_list(&["-o", "a", "--output=b", "x"]).unwrap();
        assert_eq!(p.value("--output"), Some("b"));
        assert_eq!(p.values("--output").collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(p.values("--line").count(), 0);
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        assert!(parse_list(&["--nope"])
            .unwrap_err()
            .starts_with("unknown option `--nope`"));
        assert!(parse_list(&["a", "--line"])
            .unwrap_err()
            .starts_with("`--line` needs a value"));
        assert!(parse_list(&["--check=yes"])
            .unwrap_err()
            .starts_with("`--check` takes no value"));
        let p = parse_list(&["--line", "0", "--format", "xml"]).unwrap();
        assert_eq!(
            p.line(),
            Err("`--line` takes a line number from 1, not `0`".to_owned())
        );
        assert_eq!(
            p.format(),
            Err("unknown format `xml`: expected human or json".to_owned())
        );
    }
}
