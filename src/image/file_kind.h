#pragma once
// What a file holds, told from its first bytes, never from its name: a photo
// renamed ".heic" is still a JPEG, and a text file named ".jpg" is no photo.

#include <string>
#include <string_view>

namespace scorecheck {

enum class FileKind {
  kUnknown,  ///< none of the formats below
  kJpeg,
  kPng,
  kTiff,
  kBmp,
  kWebp,
  kPnm,
  kGif,
  kHeif,     ///< HEIC/HEIF/AVIF (an iPhone's photos): an ISO-BMFF "ftyp" box with an image brand
  kPdf,      ///< a scanner's PDF: each page a scan
};

/// The kind of a file whose first bytes are `head` (16 bytes decide all but
/// HEIF, whose brands may take up to 64).
FileKind SniffFileKind(std::string_view head);

/// Short lower-case name: "jpeg", "png", "tiff", "bmp", "webp", "pnm", "gif",
/// "heif", "pdf"; "" for kUnknown.
std::string FileKindName(FileKind kind);

/// For a file of no kind above, what it seems to hold, for the line that says
/// why it was not read: "a text file", "a ZIP archive", "a video", ... or ""
/// when nothing is recognised.
std::string DescribeOtherFile(std::string_view head);

}  // namespace scorecheck
