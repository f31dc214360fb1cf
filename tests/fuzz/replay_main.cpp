// Runs a fuzz harness over files instead of generated inputs: every file of each directory
// (or each file) named on the command line, once. CTest replays the committed corpora this
// way in the ordinary build, so a regression fails the suite without a fuzzing toolchain.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int inputs = 0;
  for (int a = 1; a < argc; ++a) {
    const std::filesystem::path path = argv[a];
    if (std::filesystem::is_directory(path)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(path))
        if (e.is_regular_file()) inputs += replay(e.path());
    } else if (std::filesystem::is_regular_file(path)) {
      inputs += replay(path);
    } else {
      std::fprintf(stderr, "no such corpus: %s\n", argv[a]);
      return 2;
    }
  }
  std::printf("%d inputs replayed\n", inputs);
  return inputs > 0 ? 0 : 1;
}
