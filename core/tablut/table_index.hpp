#pragma once
// The index of a Tablut material tier (king + w white pawns + b black pawns), reduced by the
// 8 symmetries of the board, which the Ashton rules respect (throne, camps, escapes and
// capture anvils all map onto themselves).
//
//   index = turn * half + king block + white rank * C(nb, b) + black rank
//
// The king stands on one of 45 squares: not a camp (white pieces never enter one) and not an
// escape square (the game ended there: tier "over"). The 8 symmetries leave 9 classes; every
// position is turned so that its king is on its class's representative (the smallest square
// of the class). White pawns lie on the 64 squares that are neither camp nor throne (nobody
// returns to the throne), minus the king's square: a k-subset ranked in the combinatorial
// number system. Black pawns lie on the 80 squares other than the throne (a black pawn on a
// camp square is one that never left it, so every such square is possible), minus the king's
// and the white pawns' squares. For a king on a line of symmetry (6 of the 9 classes) several
// turns put it on its representative; the smallest index among them is the position's, and
// the other slots are unused (about 3/8 of all slots).
#include <cstdint>

#include "core/tablut/material.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

// Index slots of a material tier (not "over"); the caller checks tabulated(m).
std::uint64_t table_size(const Material& m);

// The index of a position with its king on the board and not escaped, within its tier.
std::uint64_t table_rank(const Position& p);

// The canonical position of an index slot; false for a slot no canonical position uses.
// Callers that read slots in order (a solver's initialization, decoding, verify) are served
// by a walk per thread (table_index_walk.cpp): the next slot's black pawns one colex step on.
bool table_unrank(const Material& m, std::uint64_t index, Position& out);
// The same decoded from scratch: for a slot read alone (a predecessor kernel's), which need
// not move the thread's walk, and for the tests of the walk.
bool table_unrank_alone(const Material& m, std::uint64_t index, Position& out);

// How many positions (the position and its mirror images) share p's index.
int orbit_size(const Position& p);

// True when no symmetry but the identity turns p into a position that differs from p on at
// most four squares (a piece of another kind, or none, counts as a difference). Then two
// positions one non-capturing move away from p, in either direction, are never mirror images
// of each other (if m(q1) = q2, m(p) and p differ on the at most four squares the two moves
// touched), so p's in-tier children, and its in-tier parents, have pairwise distinct indices.
bool neighbours_distinct(const Position& p);

}  // namespace zz::tablut
