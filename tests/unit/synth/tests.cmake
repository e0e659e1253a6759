# Synthetic imaging tests (included from tests/CMakeLists.txt). They need only the
# synth library; digits.png (opencv-doc) missing -> the handwriting tests skip.
scorecheck_add_test(NAME synth/handwriting_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/synth/handwriting_test.cpp
  LINK_LIBS scorecheck_synth)
scorecheck_add_test(NAME synth/capture_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/synth/capture_test.cpp
  LINK_LIBS scorecheck_synth)
