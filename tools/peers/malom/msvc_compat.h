// Forced-included (g++ -include) into every unit of Malom's solver (github.com/ggevay/malom,
// Malom_megoldas/, written for Visual Studio on Windows) so that g++ builds it on Linux
// unchanged but for the few lines tools/peers/build-malom edits. Malom's stdafx.h includes
// <Windows.h> and <intrin.h>; build-malom puts this file's directory first on the include
// path with an empty Windows.h, intrin.h and SDKDDKVer.h, and this header supplies the
// MSVC names the solver calls: the bounds-checked C library functions (same effect here,
// with the bound honoured), the bit intrinsics, the unlocked stdio calls, and the three
// Windows API calls (a message box on a fatal error, creating its bucket folders).
#pragma once

#include <cassert>
#include <cerrno>
#include <codecvt>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <locale>
#include <string>
#include <sys/stat.h>
#include <x86intrin.h>

#define __int64 long long
#define __forceinline inline __attribute__((always_inline))
typedef int errno_t;

#define sscanf_s sscanf
#define fscanf_s fscanf  // Malom reads only numbers with it: no buffer sizes follow
#define printf_s printf
#define _fwrite_nolock fwrite_unlocked
#define _fread_nolock fread_unlocked

inline int sprintf_s(char* buffer, size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf(buffer, size, format, args);
  va_end(args);
  return n;
}
template <size_t N>
int sprintf_s(char (&buffer)[N], const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf(buffer, N, format, args);
  va_end(args);
  return n;
}
inline errno_t strcpy_s(char* to, size_t size, const char* from) {
  snprintf(to, size, "%s", from);
  return 0;
}
template <size_t N>
errno_t strcpy_s(char (&to)[N], const char* from) {
  return strcpy_s(to, N, from);
}
inline errno_t strcat_s(char* to, size_t size, const char* from) {
  const size_t used = strnlen(to, size);
  if (used < size) snprintf(to + used, size - used, "%s", from);
  return 0;
}
template <size_t N>
errno_t strcat_s(char (&to)[N], const char* from) {
  return strcat_s(to, N, from);
}
inline errno_t fopen_s(FILE** file, const char* name, const char* mode) {
  *file = fopen(name, mode);
  return *file ? 0 : errno;
}
inline int _setmaxstdio(int n) { return n; }  // Linux has no such limit to raise per process

inline unsigned __popcnt(unsigned x) { return __builtin_popcount(x); }
inline unsigned long long __popcnt64(unsigned long long x) { return __builtin_popcountll(x); }
inline unsigned char _BitScanForward(unsigned long* index, unsigned mask) {
  if (!mask) return 0;
  *index = __builtin_ctz(mask);
  return 1;
}
inline unsigned char _BitScanForward64(unsigned long* index, unsigned long long mask) {
  if (!mask) return 0;
  *index = __builtin_ctzll(mask);
  return 1;
}
inline unsigned char _BitScanReverse64(unsigned long* index, unsigned long long mask) {
  if (!mask) return 0;
  *index = 63 - __builtin_clzll(mask);
  return 1;
}

// Malom's release assertion calls the CRT's wide-string assert.
#define _CRT_WIDE(s) s
#define _wassert(expression, file, line) \
  (fprintf(stderr, "malom: assertion %s failed at %s:%d\n", expression, file, line), abort())

// The Windows calls, on the wide strings Malom makes of ASCII text.
#define MB_ICONERROR 0
inline std::string malom_compat_narrow(const wchar_t* text) {
  std::string s;
  for (; *text; ++text) s += static_cast<char>(*text);
  return s;
}
inline int MessageBox(void*, const wchar_t* text, const wchar_t* title, int) {
  fprintf(stderr, "%s: %s\n", malom_compat_narrow(title).c_str(), malom_compat_narrow(text).c_str());
  return 0;
}
inline int CreateDirectory(const wchar_t* path, void*) { return mkdir(malom_compat_narrow(path).c_str(), 0755) == 0; }
