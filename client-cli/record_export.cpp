#include "record_export.hpp"

#include "protocol/archived_record.hpp"
#include "records/export.hpp"

namespace bh::cli {

rules::Result<std::string> record_text(const protocol::server::ArchivedGame& record) {
  return records::format_record(protocol::archived_record(record));
}

}  // namespace bh::cli
