# Test support: a synchronous WebSocket+HTTP test client (ws_client, the one Beast TU),
# raw TCP, and a helper that runs a server binary (ServerProcess) on a free loopback port
# with a temporary database: the real server (BOARDHALL_SERVER_BIN) once it is built, and
# the network layer with a stub application (BOARDHALL_STUB_SERVER_BIN) always.
# Imported targets are visible only in the directory that found them.

set(support_sources
    ${CMAKE_CURRENT_SOURCE_DIR}/support/cluster_site.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/ndjson_stream.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/raw_tcp.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/round_robin_proxy.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/server_process.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/ws_ask.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/ws_client.cpp)
if(TARGET bh_net)
  add_executable(bh_stub_server ${CMAKE_CURRENT_SOURCE_DIR}/support/stub/stub_server.cpp)
  target_link_libraries(bh_stub_server PRIVATE bh_net bh_server_config nlohmann_json::nlohmann_json)

  add_library(bh_test_support STATIC ${support_sources})
  # Both spellings work: "support/ws_client.hpp" and "ws_client.hpp".
  target_include_directories(bh_test_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/support)
  target_link_libraries(bh_test_support PUBLIC bh_boost_impl bh_rules nlohmann_json::nlohmann_json
                                               GTest::gtest PRIVATE bh_pg_cluster bh_test_redis)
  target_compile_definitions(bh_test_support PUBLIC
    BOARDHALL_STUB_SERVER_BIN="$<TARGET_FILE:bh_stub_server>")
  if(TARGET boardhall-server)
    target_compile_definitions(bh_test_support PUBLIC
      BOARDHALL_SERVER_BIN="$<TARGET_FILE:boardhall-server>")
  endif()
endif()

# The application alone, with fake connections (no sockets).
set(app_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/export_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/completion_inbox_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/errors_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/keyed_throttle_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/move_codec_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/abuse_limits_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/accounts_security_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/login_throttle_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/name_claims_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/names_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/passwords_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/token_buckets_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/protocol_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/explorer_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/api_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ratings/ratings_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/lobby_nodes_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/relay_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/abort_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/asleep_games_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/board_and_legal_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/chat_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/cluster_room_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/computer_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/creator_side_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/dormant_games_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/durability_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/flow_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/games_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/pairing_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/player_games_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/rematch_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/seek_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/moderation/moderation_book_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/spectators_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/takeback_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/told_before_end_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_requests_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_schedule_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/security_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/store_thread_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/utf8_test.cpp)
if(TARGET bh_app)
  bh_add_test(bh_app_tests unit SOURCES ${app_tests} LIBS bh_app)
  # The tests in app/'s folders share app/harness.hpp.
  target_include_directories(bh_app_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/app)
endif()

# The network layer's pure parts (configuration, rate limit, URL), no sockets.
set(net_unit_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/client_address_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/config_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/rate_limiter_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/request_checks_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/unit/url_test.cpp)
if(TARGET bh_net)
  bh_add_test(bh_net_unit_tests unit SOURCES ${net_unit_tests} LIBS bh_net bh_server_config)
endif()

# The web client's files: paths, types, headers, the folder of --web-root, the built-in table.
set(web_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/web/disk_site_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/embedded_site_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/mime_type_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/site_answer_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/site_path_test.cpp)
if(TARGET bh_web_embedded)
  bh_add_test(bh_web_tests unit SOURCES ${web_tests} LIBS bh_web_embedded)
  target_compile_definitions(bh_web_tests PRIVATE BOARDHALL_WEB_PUBLIC="${PROJECT_SOURCE_DIR}/web/public")
endif()

# The network layer through real sockets, against the stub server (no game server needed).
set(net_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/net/http_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/lifecycle_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/websocket_test.cpp)
if(TARGET bh_test_support)
  bh_add_test(bh_net_tests integration SOURCES ${net_tests} LIBS bh_test_support)
  if(TARGET bh_net_tests)
    add_dependencies(bh_net_tests bh_stub_server)
  endif()
endif()

# The real server binary through real sockets: the network checks that need the real
# application (net/real/) and the end-to-end games (e2e/).
set(server_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/real_server_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_round2_rooms_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_round2_accounts_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_round2_net_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_round2_names_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/security_round2_records_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/real/web_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/backup_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/correspondence_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/chat_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/computer_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/disk_full_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/game_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/kill_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/takeback_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/rematch_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/explorer_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/api_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/challenge_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/moderation_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/records_e2e_test.cpp

    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/notifications_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/asleep_games_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/ratings_e2e_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/e2e/tournament_e2e_test.cpp)
if(TARGET bh_test_support AND TARGET boardhall-server)
  bh_add_test(bh_server_tests integration SOURCES ${server_tests} LIBS bh_test_support bh_storage bh_test_receivers
                                                                       bh_notify_send)
  if(TARGET bh_server_tests)
    add_dependencies(bh_server_tests boardhall-server)
    # The end-to-end protocol suites again, against two nodes on PostgreSQL and Redis
    # behind a round-robin proxy, each connection to the other node in turn
    # (support/cluster_site.hpp; label cluster). Not RecordsE2e: --import writes a SQLite
    # file (a cluster's archive is filled with --export-to).
    gtest_discover_tests(bh_server_tests TEST_PREFIX "TwoNodes."
                         TEST_FILTER "GameE2e.*:ChatE2e.*:RematchE2e.*:TakebackE2e.*"
                         PROPERTIES LABELS cluster ENVIRONMENT BOARDHALL_TEST_CLUSTER=1 TIMEOUT 900
                         DISCOVERY_TIMEOUT 120)
    target_compile_definitions(bh_server_tests PRIVATE BOARDHALL_WEB_PUBLIC="${PROJECT_SOURCE_DIR}/web/public"
                                                       BOARDHALL_TEST_DATA="${BOARDHALL_TEST_DATA}")
  endif()
endif()

# Tournaments' pairing rules (server/tournament), pure.
if(TARGET bh_tournament)
  bh_add_test(bh_tournament_tests unit SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tournament/arena_test.cpp
                                              ${CMAKE_CURRENT_SOURCE_DIR}/tournament/round_robin_test.cpp
                                              ${CMAKE_CURRENT_SOURCE_DIR}/tournament/standings_test.cpp
                                              ${CMAKE_CURRENT_SOURCE_DIR}/tournament/swiss_dutch_test.cpp
                                              ${CMAKE_CURRENT_SOURCE_DIR}/tournament/tournament_test.cpp
              LIBS bh_tournament)
endif()

# The game core alone (server/game): decide() without Asio, threads or a store.
set(game_tests
    ${CMAKE_CURRENT_SOURCE_DIR}/game/board_view_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/chat_rate_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/chat_text_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/decide_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/opening_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/correspondence_clock_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/correspondence_session_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/game_clock_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/storage_outage_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/live_journal_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/match_score_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/room_records_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/room_views_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/session_property_test.cpp)
if(TARGET bh_game)
  bh_add_test(bh_game_tests unit SOURCES ${game_tests} LIBS bh_game)
endif()

# The bus between cluster nodes (server/cluster): its URL and backoff alone (unit), then
# the bus against a real redis-server that each test starts on a Unix socket in a
# temporary folder (support/redis_process, reusable by later cluster tests).
add_library(bh_test_redis STATIC ${CMAKE_CURRENT_SOURCE_DIR}/support/redis_process.cpp)
target_include_directories(bh_test_redis PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/support)
if(TARGET bh_cluster_bus)
  bh_add_test(bh_cluster_unit_tests unit SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/cluster/backoff_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/cluster/subscriptions_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_url_test.cpp LIBS bh_cluster_bus)
  bh_add_test(bh_cluster_tests cluster SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_outage_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_tcp_test.cpp ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_test.cpp
              LIBS bh_cluster_bus bh_test_redis bh_boost_impl)
endif()

# Cluster mode end to end: real server nodes on a throwaway PostgreSQL (support/pg_cluster),
# killed, paused and stopped (label cluster).
if(TARGET bh_test_support AND TARGET boardhall-server AND TARGET bh_pg_cluster)
  bh_add_test(bh_failover_tests cluster SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/e2e/cluster_load_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/e2e/failover_test.cpp ${CMAKE_CURRENT_SOURCE_DIR}/e2e/relay_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/e2e/names_across_nodes_test.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/e2e/tournament_cluster_test.cpp LIBS bh_test_support bh_pg_cluster
                                                                                bh_test_redis)
  add_dependencies(bh_failover_tests boardhall-server)
endif()

# Notifications out: the SMTP and webhook senders against test receivers (notify/).
include(${CMAKE_CURRENT_SOURCE_DIR}/notify/notify_tests.cmake)

# A benchmark (bench/correspondence/wake_latency.cpp: opening an asleep correspondence
# game) defined here, beside the test support it starts the server with.
if(TARGET bh_test_support AND TARGET boardhall-server)
  add_executable(bh_wake_latency ${PROJECT_SOURCE_DIR}/bench/correspondence/wake_latency.cpp)
  target_link_libraries(bh_wake_latency PRIVATE bh_test_support)
  add_dependencies(bh_wake_latency boardhall-server)
endif()
