//! Sample statistics: timings are reported as min, median, p95 and max of repeated runs.

use std::time::{Duration, Instant};

/// Sorted timings of repeated runs.
#[derive(Debug, Clone)]
pub struct Samples(Vec<Duration>);

impl Samples {
    /// The samples, in any order.
    pub fn new(mut samples: Vec<Duration>) -> Samples {
        samples.sort();
        Samples(samples)
    }

    /// Times `run` `n` times (after one untimed warm-up run).
    pub fn time<T>(n: usize, mut run: impl FnMut() -> T) -> Samples {
        std::hint::black_box(run());
        let mut samples = Vec::with_capacity(n);
        for _ in 0..n {
            let start = Instant::now();
            std::hint::black_box(run());
            samples.push(start.elapsed());
        }
        Samples::new(samples)
    }

    /// How many samples.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The `q` quantile (0 = min, 0.5 = median, 1 = max), nearest rank.
    pub fn quantile(&self, q: f64) -> Duration {
        let index = ((self.0.len() as f64 - 1.0) * q.clamp(0.0, 1.0)).round() as usize;
        self.0.get(index).copied().unwrap_or_default()
    }

    /// The median.
    pub fn median(&self) -> Duration {
        self.quantile(0.5)
    }

    /// The 95th percentile.
    pub fn p95(&self) -> Duration {
        self.quantile(0.95)
    }

    /// One report line: `what  n=…  min … median … p95 … max …` in microseconds.
    pub fn line(&self, what: &str) -> String {
        format!(
            "{what:<52} n={:<5} min {:>9}  median {:>9}  p95 {:>9}  max {:>9}",
            self.len(),
            us(self.quantile(0.0)),
            us(self.median()),
            us(self.p95()),
            us(self.quantile(1.0)),
        )
    }
}

/// A duration in microseconds, with one decimal below 100 µs.
pub fn us(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 100.0 {
        format!("{us:.1} µs")
    } else {
        format!("{us:.0} µs")
    }
}
