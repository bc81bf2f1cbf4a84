//! The one table of techniques: their order (easiest first, the order `next_step` tries them),
//! their names, the level each one puts a puzzle at, and the weight each step adds to a score.
//! The Python tuple `TECHNIQUES`, the stub and docs/steps.md are tested against it.

/// The difficulty ladder, easiest first. A puzzle's level is that of the hardest technique
/// its path needs; the nested forcing nets at the top leave no puzzle with one solution
/// unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
    /// Forcing chains and nets: assumptions followed until they break or agree.
    Forcing,
    /// Nested forcing nets: nets inside the branches of nets.
    Nested,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] =
        [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Forcing, Level::Nested];

    /// The top of the ladder: every puzzle with one solution is at most this.
    pub const TOP: Level = Level::Nested;

    /// The name users see.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Forcing => "forcing",
            Level::Nested => "nested",
        }
    }

    /// The level named `name`, the inverse of [`Level::name`].
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// The level's place on the ladder, 0 for easy.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// A technique; its number is its place in [`TECHNIQUES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    XWing,
    Skyscraper,
    TwoStringKite,
    NakedQuad,
    HiddenQuad,
    XyWing,
    XyzWing,
    WWing,
    EmptyRectangle,
    UniqueRectangle1,
    UniqueRectangle2,
    Swordfish,
    FinnedXWing,
    Jellyfish,
    FinnedSwordfish,
    Bug1,
    SimpleColouring,
    XChain,
    XyChain,
    Aic,
    ForcingChain,
    ForcingNet,
    NestedForcingNet,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    pub technique: Technique,
    pub name: &'static str,
    /// The name the Sudoku community uses, for sentences and cards ("XY-Wing", "AIC").
    pub title: &'static str,
    pub level: Level,
    pub weight: u32,
    /// Runs only on a puzzle known to have exactly one solution: the uniqueness techniques
    /// are sound only there, and nested forcing nets finish only there.
    pub needs_uniqueness: bool,
}

const fn row(technique: Technique, name: &'static str, title: &'static str, level: Level, weight: u32) -> Info {
    Info { technique, name, title, level, weight, needs_uniqueness: false }
}

const fn unique(technique: Technique, name: &'static str, title: &'static str, level: Level, weight: u32) -> Info {
    Info { technique, name, title, level, weight, needs_uniqueness: true }
}

/// Every technique, easiest first. Singles weigh nothing: every path fills each of its blanks
/// with one (BUG+1 is the only other technique that places a digit), so their weights would
/// add the number of blanks to a score meant to say how hard a puzzle is, not how long.
pub const TECHNIQUES: [Info; 32] = {
    use Level::*;
    use Technique::*;
    [
        row(FullHouse, "full house", "Full House", Easy, 0),
        row(HiddenSingle, "hidden single", "Hidden Single", Easy, 0),
        row(NakedSingle, "naked single", "Naked Single", Easy, 0),
        row(Pointing, "pointing", "Pointing", Medium, 10),
        row(Claiming, "claiming", "Claiming", Medium, 12),
        row(NakedPair, "naked pair", "Naked Pair", Medium, 15),
        row(HiddenPair, "hidden pair", "Hidden Pair", Medium, 20),
        row(NakedTriple, "naked triple", "Naked Triple", Medium, 25),
        row(HiddenTriple, "hidden triple", "Hidden Triple", Hard, 30),
        row(XWing, "x-wing", "X-Wing", Hard, 35),
        row(Skyscraper, "skyscraper", "Skyscraper", Hard, 40),
        row(TwoStringKite, "2-string kite", "2-String Kite", Hard, 40),
        row(NakedQuad, "naked quad", "Naked Quad", Hard, 45),
        row(HiddenQuad, "hidden quad", "Hidden Quad", Hard, 50),
        row(XyWing, "xy-wing", "XY-Wing", Hard, 50),
        row(XyzWing, "xyz-wing", "XYZ-Wing", Hard, 55),
        row(WWing, "w-wing", "W-Wing", Expert, 60),
        row(EmptyRectangle, "empty rectangle", "Empty Rectangle", Expert, 60),
        unique(UniqueRectangle1, "unique rectangle type 1", "Unique Rectangle Type 1", Expert, 60),
        unique(UniqueRectangle2, "unique rectangle type 2", "Unique Rectangle Type 2", Expert, 65),
        row(Swordfish, "swordfish", "Swordfish", Expert, 70),
        row(FinnedXWing, "finned x-wing", "Finned X-Wing", Expert, 70),
        row(Jellyfish, "jellyfish", "Jellyfish", Expert, 80),
        row(FinnedSwordfish, "finned swordfish", "Finned Swordfish", Expert, 80),
        unique(Bug1, "bug+1", "BUG+1", Expert, 80),
        row(SimpleColouring, "simple colouring", "Simple Colouring", Extreme, 90),
        row(XChain, "x-chain", "X-Chain", Extreme, 100),
        row(XyChain, "xy-chain", "XY-Chain", Extreme, 110),
        row(Aic, "aic", "AIC", Extreme, 140),
        // A forcing step outweighs the score of every puzzle below forcing in the data, and a
        // nested one that of every puzzle at forcing, so the score keeps rising past extreme
        // (`python benches/bench_logic.py`, score bands: docs/steps.md quotes them).
        row(ForcingChain, "forcing chain", "Forcing Chain", Forcing, 5_000),
        row(ForcingNet, "forcing net", "Forcing Net", Forcing, 6_000),
        // Sound on any board, but run only where one solution is known: there a wrong
        // candidate always breaks at some depth, where on a board with several solutions
        // candidates that break nowhere would be tried at every depth.
        unique(NestedForcingNet, "nested forcing net", "Nested Forcing Net", Nested, 400_000),
    ]
};

impl Technique {
    /// The technique's row of the table.
    pub fn info(self) -> &'static Info {
        &TECHNIQUES[self as usize]
    }

    /// The name users see.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The name people use in sentences and cards.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// The technique named `name`.
    pub fn from_name(name: &str) -> Option<Technique> {
        TECHNIQUES.iter().find(|info| info.name == name).map(|info| info.technique)
    }

    /// The technique at `index` of the table.
    pub fn from_index(index: usize) -> Option<Technique> {
        TECHNIQUES.get(index).map(|info| info.technique)
    }

    /// The technique as a bit of a [`Techniques`] set.
    pub const fn bit(self) -> Techniques {
        1 << (self as u32)
    }
}

/// A set of techniques: bit `t as u32` for technique `t`.
pub type Techniques = u64;

/// Every technique.
pub const ALL_TECHNIQUES: Techniques = (1 << TECHNIQUES.len()) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_enum_order_with_distinct_names_and_rising_levels() {
        for (i, info) in TECHNIQUES.iter().enumerate() {
            assert_eq!(info.technique as usize, i);
            assert_eq!(Technique::from_name(info.name), Some(info.technique));
            assert_eq!(Technique::from_index(i), Some(info.technique));
            // The title is the identifier in the community's capitals.
            assert_eq!(info.title.to_lowercase(), info.name);
        }
        for pair in TECHNIQUES.windows(2) {
            assert!(pair[0].level <= pair[1].level, "{} before {}", pair[0].name, pair[1].name);
            assert!(pair[0].weight <= pair[1].weight, "{} before {}", pair[0].name, pair[1].name);
        }
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
    }
}
