// bh_webhook_receiver [--port N]: the tests' HTTPS webhook receiver for a person trying
// webhooks by hand. It prints the CA file to trust, then each request, until Ctrl-C.
#include <chrono>
#include <iostream>

#include "port_argument.hpp"
#include "webhook_receiver.hpp"

int main(int argc, char** argv) {
  const auto port = bh::test::port_argument(argc, argv);
  if (!port) {
    std::cerr << "usage: bh_webhook_receiver [--port N]\n";
    return 2;
  }
  bh::test::WebhookReceiver receiver(*port);
  if (!receiver.start()) {
    std::cerr << "bh_webhook_receiver: " << receiver.error() << "\n";
    return 1;
  }
  bh::test::stop_on_signals();
  std::cout << "listening on " << receiver.url("/") << "\nCA file: " << receiver.ca_file() << std::endl;
  std::size_t shown = 0;
  while (bh::test::stop_requested == 0) {
    const auto requests = receiver.wait_for(shown + 1, std::chrono::milliseconds(250));
    for (; shown < requests.size(); ++shown) {
      const auto& r = requests[shown];
      std::cout << "=== " << r.method << " " << r.target << "\n";
      for (const auto& [name, value] : r.headers) std::cout << name << ": " << value << "\n";
      std::cout << "\n" << r.body << "\n=== end\n" << std::flush;
    }
  }
  return 0;
}
