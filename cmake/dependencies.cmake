# Every dependency comes from Debian's packages (tools/setup installs them);
# nothing is fetched at configure time.
find_package(nlohmann_json 3.10 REQUIRED)
find_package(spdlog REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
if(SCORECHECK_TESTS)
  find_package(GTest REQUIRED)
endif()
find_package(OpenCV 4.5 REQUIRED COMPONENTS core imgproc imgcodecs objdetect aruco)
find_package(ZXing 1.4 REQUIRED)  # QR decoding: Debian's OpenCV has no QR decoder (no quirc)
find_package(PkgConfig REQUIRED)
pkg_check_modules(CAIRO REQUIRED IMPORTED_TARGET cairo)
pkg_check_modules(JPEG REQUIRED IMPORTED_TARGET libjpeg)  # photos decoded by libjpeg itself (src/image/jpeg_decoder)
pkg_check_modules(HEIF REQUIRED IMPORTED_TARGET libheif)  # iPhone photos, HEIC (src/image/heif_decoder)
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)  # the review desk's local web server (src/desk/desk_server)
pkg_check_modules(POPPLER_CPP REQUIRED IMPORTED_TARGET poppler-cpp)  # a scanner's PDF, each page a scan (src/image/pdf_pages)
pkg_check_modules(TESSERACT REQUIRED IMPORTED_TARGET tesseract lept)  # printed label text; eval's digit comparison
