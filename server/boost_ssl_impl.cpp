// The one translation unit that compiles Asio's SSL layer (separate compilation); kept
// apart from boost_impl.cpp so that the server never links OpenSSL's TLS library.
#include <boost/asio/ssl/impl/src.hpp>
