#include "outbox_setup.hpp"

#include "log/log.hpp"

namespace bh::server {

namespace {

// "boardhall.example" of "https://boardhall.example:8443/x".
std::string host_of(const std::string& url) {
  std::string rest = url.substr(url.find("://") + 3);
  rest = rest.substr(0, rest.find_first_of(":/"));
  return rest.empty() ? "localhost" : rest;
}

}  // namespace

std::unique_ptr<notify::OutboxWorker> start_outbox(const Config& config, storage::Notifications& store,
                                                   std::string& why) {
  notify::OutboxOptions options;
  options.public_url = config.public_url;
  options.mails_per_address_per_day = static_cast<int>(config.mails_per_address_per_day);
  options.webhook.ca_file = config.webhook_ca_file;
  options.webhook.allow_private_addresses = config.webhook_private_addresses;
  if (!config.smtp_url.empty()) {
    notify::MailServer mail;
    mail.url = config.smtp_url;
    mail.require_tls = config.smtp_starttls_required;
    mail.ca_file = config.smtp_ca_file;
    mail.from = config.smtp_from.empty() ? "Boardhall <noreply@" + host_of(config.public_url) + ">" : config.smtp_from;
    if (!config.smtp_credentials_file.empty()) {
      auto login = notify::read_smtp_credentials(config.smtp_credentials_file, why);
      if (!login) {
        why = "--smtp-credentials-file " + config.smtp_credentials_file + ": " + why;
        return nullptr;
      }
      mail.username = login->first;
      mail.password = login->second;
    }
    options.mail = std::move(mail);
    log::info("mail goes through " + config.smtp_url);
  }
  auto worker = std::make_unique<notify::OutboxWorker>(store, std::move(options));
  store.on_outbox_written(worker->waker());
  return worker;
}

}  // namespace bh::server
