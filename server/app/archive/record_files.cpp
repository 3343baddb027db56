#include "app/archive/record_files.hpp"

#include "app/archive/archive.hpp"
#include "protocol/archived_record.hpp"

namespace bh::app {

bh::records::Record record_file(const storage::GameRecord& game) {
  return protocol::archived_record(archived_game(game));
}

}  // namespace bh::app
