# Test support: a synchronous WebSocket/HTTP client and a helper that runs the real
# server binary on a free loopback port with a temporary database.
file(GLOB support_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/support/*.cpp)
if(support_sources AND TARGET boardhall-server)
  add_library(bh_test_support STATIC ${support_sources})
  target_include_directories(bh_test_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(bh_test_support PUBLIC bh_boost_impl bh_rules nlohmann_json::nlohmann_json
                                               GTest::gtest)
  target_compile_definitions(bh_test_support PUBLIC
    BOARDHALL_SERVER_BIN="$<TARGET_FILE:boardhall-server>")
endif()

# The application alone, with fake connections (no sockets).
file(GLOB app_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/app/*.cpp)
if(TARGET bh_app)
  bh_add_test(bh_app_tests unit SOURCES ${app_tests} LIBS bh_app)
endif()

# The real server binary through real sockets.
file(GLOB net_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/net/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/e2e/*.cpp)
if(TARGET bh_test_support)
  bh_add_test(bh_server_tests integration SOURCES ${net_tests} LIBS bh_test_support)
  add_dependencies(bh_server_tests boardhall-server)
endif()
