# Notifications out (server/notify): the senders against receivers the tests start on
# 127.0.0.1. Included from server_tests.cmake; paths are relative to tests/server.

# The receivers: an SMTP sink and an HTTPS webhook receiver, each with a self-signed
# certificate made at start (the client tests' self_signed.cpp, compiled here too).
add_library(bh_test_receivers STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/support/mail_decoding.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/smtp_message.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/smtp_sink.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/smtp_sink_session.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/test_certificate.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/tls_listen.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/support/webhook_receiver.cpp
    ${PROJECT_SOURCE_DIR}/tests/client/e2e/self_signed.cpp)
target_include_directories(bh_test_receivers PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/support
                                             PRIVATE ${PROJECT_SOURCE_DIR}/tests/client/e2e)
target_link_libraries(bh_test_receivers PUBLIC bh_boost_ssl_impl)

# The same receivers for a person trying email and webhooks by hand.
add_executable(bh_smtp_sink ${CMAKE_CURRENT_SOURCE_DIR}/notify/smtp_sink_main.cpp)
target_link_libraries(bh_smtp_sink PRIVATE bh_test_receivers)
add_executable(bh_webhook_receiver ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_receiver_main.cpp)
target_link_libraries(bh_webhook_receiver PRIVATE bh_test_receivers)

if(TARGET bh_notify)
  bh_add_test(bh_notify_tests integration
    SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/notify/email_checks_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/mail_message_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/notice_text_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/outbox_worker_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/public_address_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/smtp_mail_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_post_test.cpp
            ${CMAKE_CURRENT_SOURCE_DIR}/notify/webhook_signature_test.cpp
    LIBS bh_notify bh_test_receivers nlohmann_json::nlohmann_json)
endif()

# A benchmark (bench/notify/webhook_latency.cpp: a move's time to its webhook POST)
# defined here, beside the test support it starts the server and the receiver with.
if(TARGET bh_test_support AND TARGET boardhall-server)
  add_executable(bh_webhook_latency ${PROJECT_SOURCE_DIR}/bench/notify/webhook_latency.cpp)
  target_link_libraries(bh_webhook_latency PRIVATE bh_test_support bh_test_receivers)
  add_dependencies(bh_webhook_latency boardhall-server)
endif()
