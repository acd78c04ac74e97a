/**
 * The numbers of a program's sequence trie (`ProgramLayout.nodes`): the layout builds it, the
 * placer places its nodes in a check, the skeletons are read from it. Entries whose patterns
 * start with the same prefix and middle pieces share the nodes of those; node 0 is the root,
 * the empty start.
 */

/**
 * Numbers per node, and their offsets: its parent and its piece, as its id << 1, | 1 for a
 * prefix (which must end at its length). Two bytes each while there are at most 65,535 nodes
 * and 32,767 pieces, else four. Where a check placed it is in `RulePlacer`'s `placements`.
 */
export const NODE = 2;
export const PIECE_OF = 1;
/** The bit of a node's piece that makes it a prefix. */
export const PREFIX_BIT = 1;
