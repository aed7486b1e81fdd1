# ctest win32 (CMakeLists.txt): the Windows engine's C tests, cross-built into BIN
# (target sfsengine_win32, the DLL in LIBDIR), run as .exe under Wine in the private
# prefix WINEPREFIX, which `wineboot -i` creates once (about 10 s); then the tests
# against a private Ganesha, and Samba when SMB is ON (win32_server_tests.sh).
set(ENV{WINEPREFIX} ${WINEPREFIX})
set(ENV{WINEDEBUG} -all)
if(NOT EXISTS ${WINEPREFIX}/system.reg)
  execute_process(COMMAND ${WINE} wineboot -i RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${WINEPREFIX}/system.reg)
    message(FATAL_ERROR "win32: 'wine wineboot -i' did not create the prefix ${WINEPREFIX} (${rc})")
  endif()
endif()
foreach(step
    "${CMAKE_COMMAND};--build;${BIN};-j2"
    "${CTEST};--test-dir;${BIN};--output-on-failure"
    "bash;${CMAKE_CURRENT_LIST_DIR}/win32_server_tests.sh;${BIN};${LIBDIR};${WINE};${SMB}")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "win32: '${step}' failed (${rc})")
  endif()
endforeach()
