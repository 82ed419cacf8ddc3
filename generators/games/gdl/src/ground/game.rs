//! The ground game: fluents, moves and derived atoms with their ground rules.

use std::sync::Arc;

use crate::terms::{TermId, TermStore};

/// A propositional node of the ground game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// `true(f)` for the fluent with this index.
    Fluent(u32),
    /// `does(r, m)` for the move with this index.
    Move(u32),
    /// A derived atom, by index into [`GroundGame::atoms`].
    Atom(u32),
}

/// A ground body literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GLit {
    pub node: Node,
    pub positive: bool,
}

/// A derived atom with its ground rules (a disjunction of conjunctions).
#[derive(Clone, Debug)]
pub struct Derived {
    pub term: TermId,
    pub bodies: Vec<Vec<GLit>>,
    /// Whether the atom depends on `does` (then it exists only at move times).
    pub on_does: bool,
}

/// A move of one role.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub role: usize,
    pub term: TermId,
}

/// A ground game: everything the reference player and the encodings need.
#[derive(Clone, Debug)]
pub struct GroundGame {
    /// The terms, shared with the game of [`GroundGame::written`].
    pub store: Arc<TermStore>,
    /// The roles, in the order of their `role` facts.
    pub roles: Vec<TermId>,
    /// The fluent domain (over-approximation of reachable fluents), sorted by text.
    pub fluents: Vec<TermId>,
    /// Fluents true in the initial position.
    pub init: Vec<u32>,
    /// The move domain, grouped by role, sorted by text within a role.
    pub moves: Vec<Move>,
    /// Derived atoms in topological order: bodies refer only to earlier atoms.
    pub atoms: Vec<Derived>,
    /// The `legal` atom of each move (none: never legal).
    pub legal: Vec<Option<u32>>,
    /// The `next` atom of each fluent (none: never true after a step).
    pub next: Vec<Option<u32>>,
    pub terminal: Option<u32>,
    /// Per role, its `goal` atoms with their values.
    pub goals: Vec<Vec<(u32, u32)>>,
    /// The same game with the rules whose parts were chosen grounded as written instead
    /// (none: no such rule). Which of the two encodes smaller depends on the depth and
    /// the encoding, so the encodings build both and keep the smaller formula. It has
    /// this game's roles, fluents, initial position and moves: start both elsewhere with
    /// [`GroundGame::starting_at`].
    pub written: Option<Box<GroundGame>>,
}

/// The derived atoms of a ground game and the atoms of its keywords, as in
/// [`GroundGame`].
#[derive(Clone, Debug)]
pub struct Definitions {
    pub atoms: Vec<Derived>,
    pub legal: Vec<Option<u32>>,
    pub next: Vec<Option<u32>>,
    pub terminal: Option<u32>,
    pub goals: Vec<Vec<(u32, u32)>>,
}

impl GroundGame {
    /// The game started from the position whose fluents are `init` (sorted indices), its
    /// game as written too.
    pub fn starting_at(&self, init: Vec<u32>) -> GroundGame {
        let mut g = self.clone();
        if let Some(written) = &mut g.written {
            written.init.clone_from(&init);
        }
        g.init = init;
        g
    }

    /// The game with its rules as written, where parts of split rules were chosen
    /// ([`GroundGame::written`]).
    pub fn as_written(&self) -> Option<&GroundGame> {
        self.written.as_deref()
    }

    /// The names of the roles, in order.
    pub fn role_names(&self) -> Vec<String> {
        self.roles.iter().map(|&r| self.store.display(r)).collect()
    }

    /// The index of the role called `name` (ignoring case).
    pub fn role_index(&self, name: &str) -> Option<usize> {
        self.role_names().iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    /// The index of the role called `name` (ignoring case), the first role without one.
    pub fn first_role(&self, name: Option<&str>) -> Result<usize, NoSuchRole> {
        let Some(name) = name else { return Ok(0) };
        self.role_index(name).ok_or_else(|| NoSuchRole { name: name.to_string(), roles: self.role_names() })
    }
}

/// A role name the game does not have, with the roles it has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}: the game has no such role; its roles are {}", roles.join(", "))]
pub struct NoSuchRole {
    pub name: String,
    pub roles: Vec<String>,
}
