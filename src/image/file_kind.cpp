#include "image/file_kind.h"

#include <algorithm>

namespace scorecheck {
namespace {

bool StartsWith(std::string_view bytes, std::string_view magic) { return bytes.substr(0, magic.size()) == magic; }

// Brands of ISO-BMFF files that hold a still image libheif reads.
bool IsHeifBrand(std::string_view brand) {
  for (std::string_view known : {"heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"})
    if (brand == known) return true;
  return false;
}

// An ISO-BMFF file starts with its "ftyp" box: size, "ftyp", major brand,
// minor version, then compatible brands to the box's end.
bool IsHeif(std::string_view bytes) {
  if (bytes.size() < 12 || bytes.substr(4, 4) != "ftyp") return false;
  if (IsHeifBrand(bytes.substr(8, 4))) return true;
  size_t box = 0;  // big-endian, unsigned all the way (a byte of 0x80 or more shifted as an int would overflow)
  for (int i = 0; i < 4; ++i) box = (box << 8) | static_cast<unsigned char>(bytes[i]);
  const size_t end = std::min(box, bytes.size());
  for (size_t at = 16; at + 4 <= end; at += 4)
    if (IsHeifBrand(bytes.substr(at, 4))) return true;
  return false;
}

// Mostly printable ASCII or UTF-8, no NUL: a text file (a note, a CSV, JSON, an .AAE sidecar).
bool LooksLikeText(std::string_view bytes) {
  if (bytes.empty()) return false;
  size_t odd = 0;
  for (const char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0) return false;
    if (u < 0x20 && u != '\n' && u != '\r' && u != '\t' && u != '\f') ++odd;
  }
  return odd * 20 < bytes.size();
}

}  // namespace

FileKind SniffFileKind(std::string_view head) {
  if (StartsWith(head, "\x89PNG\r\n\x1a\n")) return FileKind::kPng;
  if (StartsWith(head, "\xFF\xD8\xFF")) return FileKind::kJpeg;
  if (StartsWith(head, std::string_view("II*\0", 4)) || StartsWith(head, std::string_view("MM\0*", 4)))
    return FileKind::kTiff;
  if (StartsWith(head, "BM")) return FileKind::kBmp;
  if (head.size() >= 12 && StartsWith(head, "RIFF") && head.substr(8, 4) == "WEBP") return FileKind::kWebp;
  if (head.size() >= 2 && head[0] == 'P' && head[1] >= '1' && head[1] <= '6') return FileKind::kPnm;
  if (StartsWith(head, "GIF8")) return FileKind::kGif;
  if (StartsWith(head, "%PDF-")) return FileKind::kPdf;
  if (IsHeif(head)) return FileKind::kHeif;
  return FileKind::kUnknown;
}

std::string FileKindName(FileKind kind) {
  switch (kind) {
    case FileKind::kJpeg: return "jpeg";
    case FileKind::kPng: return "png";
    case FileKind::kTiff: return "tiff";
    case FileKind::kBmp: return "bmp";
    case FileKind::kWebp: return "webp";
    case FileKind::kPnm: return "pnm";
    case FileKind::kGif: return "gif";
    case FileKind::kHeif: return "heif";
    case FileKind::kPdf: return "pdf";
    case FileKind::kUnknown: break;
  }
  return "";
}

std::string DescribeOtherFile(std::string_view head) {
  if (StartsWith(head, "PK\x03\x04")) return "a ZIP archive (or an office document)";
  if (StartsWith(head, "\x1F\x8B")) return "a compressed archive";
  if (head.size() >= 8 && head.substr(4, 4) == "ftyp") return "a video";
  if (StartsWith(head, "RIFF")) return "a sound or video file";
  if (StartsWith(head, "ID3") || StartsWith(head, "fLaC") || StartsWith(head, "OggS")) return "a sound file";
  if (StartsWith(head, "\x7F" "ELF")) return "a program";
  if (StartsWith(head, "SQLite format 3")) return "a database";
  if (LooksLikeText(head)) return "a text file";
  return "";
}

}  // namespace scorecheck
