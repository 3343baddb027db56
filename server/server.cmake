# The network server. Beast and Asio are compiled once (boost_impl.cpp) and kept out of
# headers; only server/net/ and the test client include Beast.

add_library(bh_boost INTERFACE)
target_link_libraries(bh_boost INTERFACE Boost::headers Threads::Threads)
target_compile_definitions(bh_boost INTERFACE
  BOOST_ASIO_SEPARATE_COMPILATION BOOST_BEAST_SEPARATE_COMPILATION
  BOOST_ASIO_NO_DEPRECATED BOOST_BEAST_USE_STD_STRING_VIEW)

add_library(bh_boost_impl STATIC ${CMAKE_CURRENT_SOURCE_DIR}/boost_impl.cpp)
target_link_libraries(bh_boost_impl PUBLIC bh_boost)
# Asio's TLS layer, compiled once, for the client's wss:// and the tests' TLS terminator.
# The server does not link it: it speaks plain ws and leaves TLS to a reverse proxy.
add_library(bh_boost_ssl_impl STATIC ${CMAKE_CURRENT_SOURCE_DIR}/boost_ssl_impl.cpp)
target_link_libraries(bh_boost_ssl_impl PUBLIC bh_boost_impl OpenSSL::SSL OpenSSL::Crypto)

# The log every part of the server writes to (one format, one write per line).
add_library(bh_log STATIC ${CMAKE_CURRENT_SOURCE_DIR}/log/keyed_throttle.cpp ${CMAKE_CURRENT_SOURCE_DIR}/log/log.cpp)
target_include_directories(bh_log PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})

# Notifications out: email over SMTP and signed webhooks over HTTPS, the blocking
# senders the outbox's worker calls (server/notify). libcurl (libcurl4-openssl-dev)
# speaks SMTP and HTTPS; its headers stay in the .cpp files.
find_package(CURL REQUIRED)
add_library(bh_notify_send STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/curl_global.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/email_address.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/mail_encoding.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/mail_message.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/public_address.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/smtp_credentials.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/smtp_mail.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_post.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_signature.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_url.cpp)
target_include_directories(bh_notify_send PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_notify_send PRIVATE CURL::libcurl OpenSSL::Crypto)
# The outbox's worker (its thread, the words of the notifications) above the senders.
add_library(bh_notify STATIC ${CMAKE_CURRENT_SOURCE_DIR}/notify/notice_text.cpp
                             ${CMAKE_CURRENT_SOURCE_DIR}/notify/outbox_worker.cpp)
target_link_libraries(bh_notify PUBLIC bh_notify_send bh_storage bh_log PRIVATE nlohmann_json::nlohmann_json)

# The bus between cluster nodes on Redis (hiredis on Asio, its own thread). Its public
# header, cluster/bus.hpp, shows neither hiredis nor Asio.
# Its URL alone (no hiredis): the configuration checks --cluster-bus with it.
add_library(bh_cluster_bus_url STATIC ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_url.cpp)
target_include_directories(bh_cluster_bus_url PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_cluster_bus_url PUBLIC bh_base)
add_library(bh_cluster_bus STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_cycle.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/delivery.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/publisher.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/redis_link.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/redis_watcher.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/subscriber.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/cluster/subscriptions.cpp)
target_include_directories(bh_cluster_bus PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_cluster_bus PUBLIC bh_base bh_cluster_bus_url bh_log Threads::Threads PRIVATE bh_boost_impl PkgConfig::HIREDIS)


# The game core: the session value and decide() (server/game), with the value types it is
# built from. No Asio, no threads, no store: its tests run without them.
add_library(bh_game STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/app/secrets.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/aborts.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/board_view.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/chat.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/chat_rate.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/chat_text.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/correspondence_clock.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/creator_side.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/decide.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/draws.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/finisher.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/game_clock.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/live_journal.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/match_score.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/moves.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/presence.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/rematch.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/restore.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/room_records.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/room_views.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/opening.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/game/takebacks.cpp)
# A unity build, as bh_app: its small files share the protocol's and the rules' headers.
set_target_properties(bh_game PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
target_include_directories(bh_game PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_game PUBLIC bh_base bh_rules bh_protocol bh_log OpenSSL::Crypto PRIVATE PkgConfig::ICU)

# Application: identity, lobby, rooms, clocks, archive access (Asio strands, no Beast).
set(BH_APP_SOURCES
    ${CMAKE_CURRENT_SOURCE_DIR}/app/app_context.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/replies.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/application.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/archive.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/archive_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/explorer_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/explorer_body.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/export_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/export_http.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/imported_game.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/archive/record_files.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/completion_inbox.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/housekeeping.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/http/http_api.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/challenge_book.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/api_client.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/api_hub.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/api_routes.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/api_token.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/push_body.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/api/token_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/moderation/moderation_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/moderation/moderation_book.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ids.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/metrics.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/pending_writes.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/address_quota.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/identities.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/name_claims.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/seats.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/identity_flows.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/login_throttle.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/pair_ledger.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/notification_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/passwords.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/token_buckets.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/players/watchers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ratings/rated_seating.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ratings/rating_answers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ratings/rating_http.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/ratings/ratings.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/computer_games.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/deadline_sweep.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/directory.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/dormant_games.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/player_games.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/game_events.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/game_writer.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/games.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/lobby.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/pairing.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/rematch_rooms.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/restore.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/room.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/room_audience.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/room_request.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/room_departure.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/room_timers.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/game_records.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/rooms/seeks.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_director.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_request.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_schedule.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/tournaments/tournament_views.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/shutdown.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/handoff.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/seek_across_nodes.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/lobby_mirror.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/relay.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/relay/relay_wire.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/app/thread_check.cpp)
add_library(bh_app STATIC ${BH_APP_SOURCES})
# A unity build: the app's files share the same protocol, rules and Asio templates, which
# each file instantiated again. Batches of 7 keep both cores busy; together with the
# client's session below this cut the CPU of a cold build of bh_app, bh_net,
# bh_cli_session and bh_app_tests from 381 s to 309 s (measured 2026-11-24).
set_target_properties(bh_app PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 7)
target_include_directories(bh_app PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_app PUBLIC bh_notify_send bh_game bh_base bh_rules bh_records bh_protocol bh_protocol_records bh_storage bh_explorer bh_names
                                    bh_net_address bh_boost_impl bh_log
                                    nlohmann_json::nlohmann_json OpenSSL::Crypto PkgConfig::SODIUM)

# Client addresses: trusted proxies, forwarded headers, origins; and the request
# target's path and query, %-decoded (url.cpp: the web files decode paths with it too).
# The framing checks Beast leaves to us (request_checks.cpp).
# No Boost: the configuration checks its flags with it, and the fuzz targets use it alone.
add_library(bh_net_address STATIC ${CMAKE_CURRENT_SOURCE_DIR}/net/client_address.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/net/request_checks.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/net/url.cpp)
target_include_directories(bh_net_address PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})

# Configuration: the command line and BOARDHALL_* variables (no Boost, cheap to test).
add_library(bh_server_config STATIC ${CMAKE_CURRENT_SOURCE_DIR}/config.cpp)
target_include_directories(bh_server_config PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_server_config PUBLIC bh_base bh_net_address bh_cluster_bus_url)

# The web client's files: the pure answers (paths, types, headers) and --web-root's
# folder (no Boost: the fuzz target compiles the pure parts alone).
add_library(bh_web STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/web/disk_site.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/mime_type.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/site_answer.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/web/site_path.cpp)
target_include_directories(bh_web PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_web PUBLIC bh_log bh_protocol bh_net_address PRIVATE OpenSSL::Crypto)

# web/public built into the server: a C++ table generated at build time
# (web/embed_files.cmake). The files are found with a glob, unlike sources: they are data
# that the web client's authors add, move and rename, and none of them is compiled, so a
# forgotten one is not hidden the way a forgotten source would be. CONFIGURE_DEPENDS
# re-globs at every build, so a new or removed file regenerates the table; editing a
# file does too (the command depends on each one). Dot-files and editor backups (~) are
# left out; any other name must be one the server can serve (web/site_path.hpp).
set(BH_WEB_PUBLIC ${PROJECT_SOURCE_DIR}/web/public)
file(GLOB_RECURSE bh_web_files CONFIGURE_DEPENDS RELATIVE ${BH_WEB_PUBLIC} ${BH_WEB_PUBLIC}/*)
list(FILTER bh_web_files EXCLUDE REGEX "(^|/)\\.|~$")
list(SORT bh_web_files)
foreach(name IN LISTS bh_web_files)
  if(NOT name MATCHES "^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$")
    message(FATAL_ERROR "web/public/${name}: the server serves only names of A-Z a-z 0-9 . _ - (web/site_path.hpp)")
  endif()
endforeach()
set(bh_web_list ${CMAKE_CURRENT_BINARY_DIR}/web_files.txt)
list(JOIN bh_web_files "\n" bh_web_list_text)
file(CONFIGURE OUTPUT ${bh_web_list} CONTENT "${bh_web_list_text}\n")  # rewritten only when it changes
list(TRANSFORM bh_web_files PREPEND ${BH_WEB_PUBLIC}/ OUTPUT_VARIABLE bh_web_paths)
set(bh_web_table ${CMAKE_CURRENT_BINARY_DIR}/web_files.cpp)
add_custom_command(
  OUTPUT ${bh_web_table}
  COMMAND ${CMAKE_COMMAND} -DROOT=${BH_WEB_PUBLIC} -DLIST=${bh_web_list} -DOUT=${bh_web_table}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/web/embed_files.cmake
  DEPENDS ${bh_web_paths} ${bh_web_list} ${CMAKE_CURRENT_SOURCE_DIR}/web/embed_files.cmake
  COMMENT "Embedding web/public (${CMAKE_CURRENT_BINARY_DIR}/web_files.cpp)"
  VERBATIM)
add_library(bh_web_embedded STATIC ${CMAKE_CURRENT_SOURCE_DIR}/web/embedded_site.cpp ${bh_web_table})
target_link_libraries(bh_web_embedded PUBLIC bh_web)

# Network: listener, HTTP and WebSocket sessions, limits, the run loop and shutdown.
# Built without the application (it needs only the app/ interface headers), so its
# tests can run against a stub application (tests/server/support/stub).
set(BH_NET_SOURCES
    ${CMAKE_CURRENT_SOURCE_DIR}/net/context.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/health_probe.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/http_session.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/listener.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/memory_return.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/server.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/net/ws_session.cpp)
add_library(bh_net STATIC ${BH_NET_SOURCES})
target_include_directories(bh_net PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bh_net PUBLIC bh_boost_impl bh_log bh_net_address bh_web)

# jemalloc instead of glibc's malloc: 15-20 % less server CPU per relayed move under
# load, and less memory per idle connection (docs/performance.md). Not with the
# sanitizers, which bring their own allocator.
function(bh_use_jemalloc target)
  if(NOT BOARDHALL_JEMALLOC OR BOARDHALL_SANITIZE OR BOARDHALL_TSAN OR BOARDHALL_FUZZ)
    return()
  endif()
  find_library(BH_JEMALLOC_LIBRARY jemalloc)
  if(BH_JEMALLOC_LIBRARY)
    target_link_libraries(${target} PRIVATE ${BH_JEMALLOC_LIBRARY})
  else()
    message(STATUS "jemalloc not found (libjemalloc-dev): ${target} uses glibc malloc")
  endif()
endfunction()

if(BH_NET_SOURCES AND BH_APP_SOURCES)
  add_executable(boardhall-server ${CMAKE_CURRENT_SOURCE_DIR}/main.cpp ${CMAKE_CURRENT_SOURCE_DIR}/create_bot.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/create_token.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/grant_role.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/secret_file.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/backup_on_signal.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/export_to_pg.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/cluster/bus_node_link.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/import_records.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/jemalloc_conf.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/one_shot_store.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/outbox_setup.cpp
                                  ${CMAKE_CURRENT_SOURCE_DIR}/reindex_explorer.cpp)
  target_link_libraries(boardhall-server PRIVATE bh_net bh_app bh_server_config bh_storage bh_storage_pg
                                                  bh_cluster_bus bh_web_embedded bh_notify)
  bh_use_jemalloc(boardhall-server)
endif()
