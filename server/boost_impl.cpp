// The one translation unit that compiles Asio and Beast (separate compilation).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
