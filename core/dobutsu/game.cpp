#include "core/dobutsu/game.hpp"

#include <stdexcept>

namespace zz::dobutsu {

Dobutsu::Position Dobutsu::start() const {
  Position p;
  auto put = [&](Side s, Kind k, int sq) {
    p.side_mask[s] |= bit(sq);
    p.kind_mask[k] |= bit(sq);
  };
  // Gote: giraffe a1, lion b1, elephant c1, chick b2. Sente: chick b3, elephant a4, lion b4, giraffe c4.
  put(Gote, Giraffe, 0), put(Gote, Lion, 1), put(Gote, Elephant, 2), put(Gote, Chick, 4);
  put(Sente, Chick, 7), put(Sente, Elephant, 9), put(Sente, Lion, 10), put(Sente, Giraffe, 11);
  p.to_move = Sente;
  return p;
}

std::optional<Outcome> Dobutsu::outcome(const Position& p) const {
  const Side s = p.to_move, o = opponent(s);
  // The opposing lion can be taken: Tanaka's game ends here, the capture being forced, and
  // counts that capture as the last ply (his start is lost in 78 plies, the 78th the capture).
  if (attackers(p, s, p.lion(o))) return Outcome::win(1);
  if (p.pieces(o, Lion) & home_rank(s)) return Outcome::loss(0);  // its try stood
  if (p.pieces(s, Lion) & far_rank(s)) return Outcome::win(0);    // not reached by play (notation.cpp)
  if (!has_move(p)) return Outcome::loss(0);
  return std::nullopt;
}

Dobutsu::Position Dobutsu::play(const Position& p, Move m) const {
  Position q = p;
  const Side s = p.to_move, o = opponent(s);
  const Mask to = bit(m.to);
  if (m.is_drop()) {
    --q.hand[s][m.drop];
    q.side_mask[s] |= to;
    q.kind_mask[m.drop] |= to;
  } else {
    const Mask from = bit(m.from);
    if (q.side_mask[o] & to) {
      const Kind taken = p.kind_at(m.to);
      q.side_mask[o] &= static_cast<Mask>(~to);
      q.kind_mask[taken] &= static_cast<Mask>(~to);
      ++q.hand[s][taken == Hen ? Chick : taken];  // a lion is never taken: the game ends first
    }
    Kind k = p.kind_at(m.from);
    q.side_mask[s] = static_cast<Mask>((q.side_mask[s] & ~from) | to);
    q.kind_mask[k] &= static_cast<Mask>(~from);
    if (k == Chick && (to & far_rank(s))) k = Hen;
    q.kind_mask[k] |= to;
  }
  q.to_move = o;
  return q;
}

std::uint64_t Dobutsu::rank(const Position& p) const {
  if (const auto o = outcome(p)) return o->value == Value::Win ? 0 : 1;
  return index_of(p);
}

bool Dobutsu::unrank(const Tier& t, std::uint64_t index, Position& out) const {
  if (t.over) {
    if (index > 1) return false;
    // Sente can take the lion on b1 / Gote's lion stands on Sente's home rank.
    out = parse(index == 0 ? "1l1/1L1/3/3 s EEGGCC" : "3/L2/3/1l1 s EEGGCC");
    return true;
  }
  Position p;
  if (!position_at(index, p) || terminal(p)) return false;
  out = p;
  return true;
}

}  // namespace zz::dobutsu
