//! The search tree: nodes in one arena, children as a linked list of siblings (no
//! allocation per node beyond the arena's growth).

use std::vec::Vec;

use crate::action::Action;

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// One node: the state reached by `action` from its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The action that leads here from the parent (a decision or a chance outcome).
    pub action: Action,
    /// The player who took `action` (`NO_PLAYER` for a chance outcome).
    pub actor: u8,
    pub first_child: u32,
    pub next_sibling: u32,
    /// Times the node was visited.
    pub visits: u32,
    /// Times the node's action was legal when its parent was visited (the
    /// availability count of information-set MCTS; equals the parent's visits in a
    /// game of perfect information).
    pub available: u32,
    /// Sum of the actor's returns (win 1, loss −1) over the visits.
    pub wins: f64,
    /// Sum of the actor's score term, `(2/π) · atan(margin / scale)`, over the
    /// visits (weighed beside the returns: [`super::Config::score_weight`]).
    pub score: f64,
    /// Sum of the actor's score margin (its score minus the best other's) over
    /// the visits.
    pub margin: f64,
    /// All-moves-as-first statistics: playouts in which the actor played `action`
    /// later from the parent's position.
    pub rave_visits: u32,
    pub rave_wins: f64,
    pub rave_score: f64,
    /// Perfect information: where this node's untried actions start in
    /// [`Tree::untried`], and how many are left (`UNKNOWN` before the first visit).
    pub untried_at: u32,
    pub untried_len: u32,
    /// A prior's imagined visits and their mean return for the actor
    /// ([`super::Prior`]), when the tree grows a node at a time.
    pub prior_visits: f32,
    pub prior_value: f32,
    /// [`NO_RAVE`] when RAVE never credits this node's action.
    pub flags: u8,
}

impl Node {
    /// A node without statistics or children.
    fn blank(action: Action, actor: u8) -> Node {
        Node {
            action,
            actor,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            wins: 0.0,
            score: 0.0,
            margin: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            rave_score: 0.0,
            untried_at: 0,
            untried_len: UNKNOWN,
            prior_visits: 0.0,
            prior_value: 0.0,
            flags: 0,
        }
    }
}

/// A node's action is never credited by RAVE.
pub(crate) const NO_RAVE: u8 = 1;

/// A node whose untried actions are not listed yet.
pub(crate) const UNKNOWN: u32 = u32::MAX;

/// The actor of a chance outcome (and of the root).
pub(crate) const NO_PLAYER: u8 = u8::MAX;

/// All nodes of one search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    /// The untried actions of every node, each node's in one run.
    pub untried: Vec<u32>,
}

impl Tree {
    /// A tree with its root only.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.untried.clear();
        self.nodes.push(Node::blank(0, NO_PLAYER));
    }

    /// Adds a node that is nobody's child (an information set of the tree's
    /// imperfect-information form, found by its key); returns it.
    pub fn add_detached(&mut self) -> u32 {
        self.nodes.push(Node::blank(0, NO_PLAYER));
        self.nodes.len() as u32 - 1
    }

    /// The child of `parent` reached by `action`, if it exists.
    pub fn child(&self, parent: u32, action: Action) -> Option<u32> {
        let mut c = self.nodes[parent as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.action == action {
                return Some(c);
            }
            c = n.next_sibling;
        }
        None
    }

    /// Adds the child of `parent` reached by `action`, taken by `actor`.
    pub fn add(&mut self, parent: u32, action: Action, actor: u8) -> u32 {
        let id = self.nodes.len() as u32;
        let mut node = Node::blank(action, actor);
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(node);
        self.nodes[parent as usize].first_child = id;
        id
    }

    /// The children of `parent`.
    pub fn children(&self, parent: u32) -> Children<'_> {
        Children {
            tree: self,
            next: self.nodes[parent as usize].first_child,
        }
    }
}

impl Tree {
    /// Makes the subtree under `node` the whole tree, `node` its root (the
    /// action and actor of a root), keeping every statistic; the nodes are
    /// copied into a fresh arena, breadth first. The untried lists are dropped
    /// (trees grown a node at a time do not use them).
    pub fn reroot(&mut self, node: u32) {
        let mut fresh: Vec<Node> = Vec::with_capacity(self.nodes.len() / 2 + 1);
        let mut root = self.nodes[node as usize];
        root.action = 0;
        root.actor = NO_PLAYER;
        root.next_sibling = NONE;
        fresh.push(root);
        // `fresh[k].first_child` still names old ids until `k` is processed.
        let mut k = 0;
        while k < fresh.len() {
            let mut old = fresh[k].first_child;
            let mut prev = NONE;
            while old != NONE {
                let mut child = self.nodes[old as usize];
                let next_old = child.next_sibling;
                child.next_sibling = NONE;
                let id = fresh.len() as u32;
                fresh.push(child);
                if prev == NONE {
                    fresh[k].first_child = id;
                } else {
                    fresh[prev as usize].next_sibling = id;
                }
                prev = id;
                old = next_old;
            }
            k += 1;
        }
        self.nodes = fresh;
        self.untried.clear();
    }

    /// How many children `parent` has.
    pub fn child_count(&self, parent: u32) -> usize {
        self.children(parent).count()
    }
}

/// An iterator over a node's children.
pub(crate) struct Children<'a> {
    tree: &'a Tree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let id = self.next;
        self.next = self.tree.nodes[id as usize].next_sibling;
        Some(id)
    }
}
