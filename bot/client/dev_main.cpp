// A temporary executable, `boardhall-bot-play`, for trying the networked bot before it
// is wired into `boardhall-bot play` (bot/main.cpp) at the merge.
#include "play_command.hpp"

int main(int argc, char** argv) { return bh::bot::client::run_play(argc, argv); }
