//! A tiny deterministic RNG for the randomised tests (chunkings, fuzzed bytes): a failure
//! reproduces from its seed, and no dependency is needed for it. It has no `use` of the other
//! support modules, so a test that needs only it can include this file alone.

/// xorshift64*.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x % n as u64).unwrap()
    }
}
