# Test support: a synchronous WebSocket+HTTP test client (ws_client, the one Beast TU),
# raw TCP, and a helper that runs a server binary (ServerProcess) on a free loopback port
# with a temporary database: the real server (BOARDHALL_SERVER_BIN) once it is built, and
# the network layer with a stub application (BOARDHALL_STUB_SERVER_BIN) always.
# Imported targets are visible only in the directory that found them.

file(GLOB support_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/support/*.cpp)
if(support_sources AND TARGET bh_net)
  add_executable(bh_stub_server ${CMAKE_CURRENT_SOURCE_DIR}/support/stub/stub_server.cpp)
  target_link_libraries(bh_stub_server PRIVATE bh_net bh_server_config nlohmann_json::nlohmann_json)

  add_library(bh_test_support STATIC ${support_sources})
  # Both spellings work: "support/ws_client.hpp" and "ws_client.hpp".
  target_include_directories(bh_test_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/support)
  target_link_libraries(bh_test_support PUBLIC bh_boost_impl bh_rules nlohmann_json::nlohmann_json
                                               GTest::gtest)
  target_compile_definitions(bh_test_support PUBLIC
    BOARDHALL_STUB_SERVER_BIN="$<TARGET_FILE:bh_stub_server>")
  if(TARGET boardhall-server)
    target_compile_definitions(bh_test_support PUBLIC
      BOARDHALL_SERVER_BIN="$<TARGET_FILE:boardhall-server>")
  endif()
endif()

# The application alone, with fake connections (no sockets).
file(GLOB app_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/app/*.cpp)
if(TARGET bh_app)
  bh_add_test(bh_app_tests unit SOURCES ${app_tests} LIBS bh_app)
endif()

# The network layer's pure parts (configuration, rate limit, URL), no sockets.
file(GLOB net_unit_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/*.cpp)
if(TARGET bh_net)
  bh_add_test(bh_net_unit_tests unit SOURCES ${net_unit_tests} LIBS bh_net bh_server_config)
endif()

# The network layer through real sockets, against the stub server (no game server needed).
file(GLOB net_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/net/*.cpp)
if(TARGET bh_test_support)
  bh_add_test(bh_net_tests integration SOURCES ${net_tests} LIBS bh_test_support)
  if(TARGET bh_net_tests)
    add_dependencies(bh_net_tests bh_stub_server)
  endif()
endif()

# The real server binary through real sockets: the network checks that need the real
# application (net/real/) and the end-to-end games (e2e/).
file(GLOB server_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/net/real/*.cpp
                                         ${CMAKE_CURRENT_SOURCE_DIR}/e2e/*.cpp)
if(TARGET bh_test_support AND TARGET boardhall-server)
  bh_add_test(bh_server_tests integration SOURCES ${server_tests} LIBS bh_test_support bh_storage)
  if(TARGET bh_server_tests)
    add_dependencies(bh_server_tests boardhall-server)
  endif()
endif()
