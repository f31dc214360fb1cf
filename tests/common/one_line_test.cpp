// one_line: a reason for bad input as one printable line of valid UTF-8, whatever the input
// held. The command line prints it, and the server writes it into JSON, which must be UTF-8.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/common/one_line.hpp"

using zz::one_line;

TEST_CASE("control characters become \\xNN, printable text and UTF-8 characters stay") {
  CHECK(one_line("illegal move 'Nf3'") == "illegal move 'Nf3'");
  CHECK(one_line("a\nb\rc\td") == "a\\x0ab\\x0dc\\x09d");
  CHECK(one_line("\x1b[31mred\x7f") == "\\x1b[31mred\\x7f");
  CHECK(one_line(std::string("nul\0here", 8)) == "nul\\x00here");
  CHECK(one_line("0.63 CPU-\xc2\xb5s") == "0.63 CPU-\xc2\xb5s");                // µ, two bytes
  CHECK(one_line("\xe2\x99\x94 king") == "\xe2\x99\x94 king");                  // ♔, three bytes
  CHECK(one_line("\xf0\x9f\x98\x80") == "\xf0\x9f\x98\x80");                    // U+1F600, four bytes
  CHECK(one_line("\xc2\x85next line") == "\\xc2\\x85next line");               // U+0085, a C1 control
}

TEST_CASE("bytes that are not well-formed UTF-8 become \\xNN, one by one") {
  CHECK(one_line("game '\xff'") == "game '\\xff'");
  CHECK(one_line("1\xff\xfe") == "1\\xff\\xfe");
  CHECK(one_line("cut \xe2\x99") == "cut \\xe2\\x99");                          // a sequence cut short
  CHECK(one_line("\xe2\x99" "A") == "\\xe2\\x99A");                             // ... followed by ASCII
  CHECK(one_line("\xc0\xaf") == "\\xc0\\xaf");                                  // an overlong '/'
  CHECK(one_line("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");                         // another overlong form
  CHECK(one_line("\xed\xa0\x80") == "\\xed\\xa0\\x80");                         // a surrogate, U+D800
  CHECK(one_line("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");                // past U+10FFFF
  CHECK(one_line("\x80 alone") == "\\x80 alone");                               // a lone continuation byte
  CHECK(one_line("K\xc3(") == "K\\xc3(");
}

TEST_CASE("whatever the input, the line is valid UTF-8 with no control character") {
  // Every byte value alone and after each lead byte: JSON can hold the result (nlohmann's dump
  // throws on invalid UTF-8), and no byte below 0x20 or 0x7F is left.
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; b += 5) {
      const std::string text = {static_cast<char>(a), static_cast<char>(b), 'x'};
      const std::string line = one_line(text);
      CAPTURE(a);
      CAPTURE(b);
      for (const char ch : line) CHECK_FALSE((static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f));
      CHECK_NOTHROW((void)nlohmann::json(line).dump());
    }
  }
}
