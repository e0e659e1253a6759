#pragma once
// The review desk's web server (cpp-httplib): the desk's page and the report
// folder's own files, to whoever holds the token in the URL, and nothing else.
//
//   GET  /TOKEN/            the page (templates/desk/desk.html, desk.js, desk.css)
//   GET  /TOKEN/state       Desk::State()
//   POST /TOKEN/answer      Desk::Answer(body): 200 with the answer saved, or 400 with {"error": why}
//   GET  /TOKEN/files/PATH  a file inside the report folder (pictures), symbolic links
//                           followed only where they stay inside
//
// Anything else, and any request without the token, is answered 404 and
// changes nothing.

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "desk/desk.h"

namespace httplib {
class Server;
}

namespace scorecheck {

/// Where the desk listens.
struct DeskServerOptions {
  std::string listen = "127.0.0.1";  ///< address bound; another (a phone on the same network) only on purpose
  int port = 0;                      ///< TCP port; 0 = any free one
  std::string templates_dir;         ///< where templates/desk/ is; required
  /// Largest request body read, bytes; a longer one is refused unread (413).
  /// An answer is at most kMaxAnswerBytes; default four times that.
  size_t max_body_bytes = 4 * 4096;
  /// Throws Error naming the first setting out of range.
  void Check() const;
};

/// A token for the desk's URL: 128 random bits in hex.
std::string NewDeskToken();

class DeskServer {
 public:
  /// Reads the page's files; throws Error when one is missing.
  DeskServer(Desk& desk, std::string report_dir, DeskServerOptions options, std::string token);
  ~DeskServer();
  DeskServer(const DeskServer&) = delete;
  DeskServer& operator=(const DeskServer&) = delete;

  /// Binds the address; returns the port. Throws Error when it cannot.
  int Bind();
  /// Answers requests until Stop() (from another thread or a signal handler's thread).
  void Serve();
  /// Makes Serve() return, whether it is answering requests yet or not: a
  /// Stop() before Serve() starts to listen is not lost.
  void Stop();
  /// http://ADDRESS:PORT/TOKEN/ once bound.
  std::string Url() const;
  /// Where the desk can be reached: Url(), or for an address that listens on
  /// every interface (0.0.0.0, ::) this computer's own (127.0.0.1) and each of
  /// its network addresses (IPv4), the one a phone on the same network opens.
  std::vector<std::string> Urls() const;

 private:
  void Route();

  Desk& desk_;
  std::string report_dir_;
  DeskServerOptions options_;
  std::string token_;
  std::string page_html_, page_js_, page_css_;
  int port_ = 0;
  std::unique_ptr<httplib::Server> server_;
  std::atomic<bool> stop_asked_{false}, serving_{false}, served_{false};
};

}  // namespace scorecheck
