#include "storage/pg/pg_seeks.hpp"

namespace bh::storage::pg {

namespace {

constexpr const char* kAlive = "EXISTS (SELECT 1 FROM nodes WHERE epoch = s.epoch AND lease_until > now())";

}  // namespace

StoreResult<std::optional<SeekRow>> take_or_add_seek(Conn& conn, const SeekJob& job) {
  const SeekRow& mine = job.mine;
  Params terms;
  terms.add(mine.terms);
  // Seekers of these terms wait here for each other until the transaction ends: the
  // second sees the first's seek, or that it was taken.
  if (auto locked = conn.run("SELECT pg_advisory_xact_lock(hashtext('seek:' || $1))", terms); !locked.error.ok())
    return {locked.error, std::nullopt};
  Params both;
  both.add(mine.terms).add(mine.player_key);
  // The seeks of nodes gone wait for no one (and free their players' key).
  if (auto gone =
          conn.run(std::string("DELETE FROM seeks s WHERE (terms = $1 OR player_key = $2) AND NOT ") + kAlive, both);
      !gone.error.ok())
    return {gone.error, std::nullopt};
  auto rows = conn.run(
      "SELECT room_id, player_key, rating, epoch, (extract(epoch FROM now() - opened) * 1000)::bigint "
      "FROM seeks WHERE terms = $1 AND player_key <> $2 ORDER BY opened, room_id",
      both);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<SeekRow> waiting;
  for (int r = 0; r < rows.value->size(); ++r) {
    SeekRow row{rows.value->text(r, 0), mine.terms, rows.value->text(r, 1), std::nullopt, rows.value->int64(r, 3),
                rows.value->int64(r, 4)};
    if (!rows.value->null(r, 2)) row.rating = rows.value->real(r, 2);
    waiting.push_back(std::move(row));
  }
  if (auto chosen = job.choose(waiting); chosen && *chosen < waiting.size()) {
    Params room;
    room.add(waiting[*chosen].room_id);
    auto taken = conn.run("DELETE FROM seeks WHERE room_id = $1", room);
    if (!taken.error.ok()) return {taken.error, std::nullopt};
    return {{}, std::optional<SeekRow>(std::move(waiting[*chosen]))};
  }
  Params p;
  p.add(mine.room_id).add(mine.terms).add(mine.player_key);
  if (mine.rating) p.add(*mine.rating);
  else p.add_null();
  p.add(mine.epoch);
  auto added = conn.run(
      "INSERT INTO seeks (room_id, terms, player_key, rating, epoch) VALUES ($1, $2, $3, $4, $5) "
      "ON CONFLICT DO NOTHING RETURNING 1",
      p);
  if (!added.error.ok()) return {added.error, std::nullopt};
  if (added.value->size() != 1) return {{StoreErrc::conflict, "this player's seek already waits"}, std::nullopt};
  if (job.when_added) job.when_added();
  return {{}, std::nullopt};
}

StoreError remove_seek(Conn& conn, const std::string& room_id) {
  Params p;
  p.add(room_id);
  return conn.run("DELETE FROM seeks WHERE room_id = $1", p).error;
}

}  // namespace bh::storage::pg
