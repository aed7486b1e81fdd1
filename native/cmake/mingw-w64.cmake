# Cross build for 64-bit Windows with Debian's mingw-w64 (gcc-mingw-w64-x86-64,
# bin/install-win-deps).  The posix flavour of the compiler brings winpthreads,
# which the engine's threads use as on Linux.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(SFS_MINGW x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${SFS_MINGW}-gcc-posix)
set(CMAKE_CXX_COMPILER ${SFS_MINGW}-g++-posix)
set(CMAKE_RC_COMPILER ${SFS_MINGW}-windres)
# Libraries cross-built for Windows (libnfs, libsmb2) live in this prefix.
if(NOT SFS_WIN_PREFIX)
  set(SFS_WIN_PREFIX /usr/local/${SFS_MINGW})
endif()
set(CMAKE_FIND_ROOT_PATH /usr/${SFS_MINGW} ${SFS_WIN_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config answers for the Windows prefix only, never for the Linux libraries.
set(ENV{PKG_CONFIG_LIBDIR} ${SFS_WIN_PREFIX}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# Test executables run under Wine (ctest), with a private prefix set by the caller.
find_program(SFS_WINE NAMES wine64 wine PATHS /usr/lib/wine)
if(SFS_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${SFS_WINE})
endif()
