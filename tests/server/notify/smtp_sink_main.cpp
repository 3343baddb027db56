// bh_smtp_sink [--port N]: the tests' SMTP sink for a person trying email by hand. It
// prints each message it accepts (the raw message, then its decoded body) until Ctrl-C.
#include <chrono>
#include <iostream>

#include "port_argument.hpp"
#include "smtp_sink.hpp"

int main(int argc, char** argv) {
  const auto port = bh::test::port_argument(argc, argv);
  if (!port) {
    std::cerr << "usage: bh_smtp_sink [--port N]\n";
    return 2;
  }
  bh::test::SmtpSinkOptions options;
  options.port = *port;
  bh::test::SmtpSink sink(options);
  if (!sink.start()) {
    std::cerr << "bh_smtp_sink: " << sink.error() << "\n";
    return 1;
  }
  bh::test::stop_on_signals();
  std::cout << "listening on " << sink.url() << " (STARTTLS offered; trust " << sink.ca_file()
            << "; any AUTH PLAIN/LOGIN accepted)" << std::endl;
  std::size_t shown = 0;
  while (bh::test::stop_requested == 0) {
    const auto messages = sink.wait_for(shown + 1, std::chrono::milliseconds(250));
    for (; shown < messages.size(); ++shown) {
      const auto& m = messages[shown];
      std::cout << "=== message " << shown + 1 << " from <" << m.envelope_from << "> to";
      for (const auto& r : m.recipients) std::cout << " <" << r << ">";
      std::cout << (m.over_tls ? ", over TLS" : ", in the clear")
                << (m.auth_user.empty() ? "" : ", user " + m.auth_user) << "\n";
      for (char c : m.data) {
        if (c != '\r') std::cout << c;
      }
      std::cout << "=== decoded body\n" << m.body_text() << "=== end\n" << std::flush;
    }
  }
  return 0;
}
