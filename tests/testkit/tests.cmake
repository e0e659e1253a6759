# Tests of the test kit (testkit/), included from tests/CMakeLists.txt. CTest
# names stay what they were when the kit lived in src/ (sim/..., synth/...,
# corpus/...), so scripts that run them by name keep working.
set(testkit_tests ${CMAKE_CURRENT_SOURCE_DIR}/testkit)

scorecheck_add_test(NAME sim/simulate_game_test SRCS ${testkit_tests}/sim/simulate_game_test.cpp
  LINK_LIBS scorecheck_test_support scorecheck_sim)

# Synthetic imaging; digits.png (opencv-doc) missing -> the handwriting tests skip.
scorecheck_add_test(NAME synth/handwriting_test SRCS ${testkit_tests}/synth/handwriting_test.cpp
  LINK_LIBS scorecheck_synth)
scorecheck_add_test(NAME synth/capture_test SRCS ${testkit_tests}/synth/capture_test.cpp
  LINK_LIBS scorecheck_synth)

scorecheck_add_test(NAME corpus/mistakes_test SRCS ${testkit_tests}/corpus/mistakes_test.cpp
  LINK_LIBS scorecheck_test_support scorecheck_corpus)
scorecheck_add_test(NAME corpus/synth_card_test SRCS ${testkit_tests}/corpus/synth_card_test.cpp
  LINK_LIBS scorecheck_test_support scorecheck_corpus)

# Domain-randomised sheets: determinism, parameter coverage, box geometry, fills, fonts.
scorecheck_add_test(NAME sheets/random_sheet_test SRCS ${testkit_tests}/sheets/random_sheet_test.cpp
  LINK_LIBS scorecheck_test_support scorecheck_sheets)
