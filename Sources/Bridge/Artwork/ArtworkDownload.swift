import Synchronization

#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
#else
  import Foundation
#endif

/// One download's delegate: it gathers the bytes, refuses what is too large, not a picture or
/// redirected too often, and resumes its caller once.
///
/// `@unchecked Sendable`: URLSession calls it on its delegate queue, its caller only in
/// ``start(_:continuation:)``; every mutable field is behind the mutex.
final class ArtworkDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct State {
    var data = Data()
    var redirects = 0
    var failure: ArtworkFetcher.Failure?
    var continuation: CheckedContinuation<Result<Data, ArtworkFetcher.Failure>, Never>?
  }

  private let limit: Int
  private let state = Mutex(State())

  init(limit: Int) { self.limit = limit }

  func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<Result<Data, ArtworkFetcher.Failure>, Never>
  ) {
    state.withLock { $0.continuation = continuation }
    task.resume()
  }

  private func fail(_ task: URLSessionTask, _ failure: ArtworkFetcher.Failure) {
    state.withLock { if $0.failure == nil { $0.failure = failure } }
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      fail(dataTask, .init(reason: "the server answered HTTP \(http.statusCode)"))
      return completionHandler(.cancel)
    }
    if let type = response.mimeType?.lowercased(), !type.hasPrefix("image/"),
      type != "application/octet-stream"
    {
      fail(dataTask, .init(reason: "the server sent \(type), not a picture"))
      return completionHandler(.cancel)
    }
    if response.expectedContentLength > Int64(limit) {
      fail(dataTask, .init(reason: "\(response.expectedContentLength) bytes, over the limit of \(limit)"))
      return completionHandler(.cancel)
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state in
      state.data.append(data)
      return state.data.count > limit
    }
    if tooLarge { fail(dataTask, .init(reason: "more than the limit of \(limit) bytes")) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let count = state.withLock { state in
      state.redirects += 1
      return state.redirects
    }
    let scheme = request.url?.scheme?.lowercased()
    guard count <= 3, scheme == "http" || scheme == "https" else {
      fail(
        task, .init(reason: count > 3 ? "more than 3 redirects" : "a redirect to a URL that is not http(s)"))
      return completionHandler(nil)
    }
    completionHandler(request)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, result) = state.withLock {
      state -> (
        CheckedContinuation<Result<Data, ArtworkFetcher.Failure>, Never>?,
        Result<Data, ArtworkFetcher.Failure>
      ) in
      defer { state.continuation = nil }
      if let failure = state.failure { return (state.continuation, .failure(failure)) }
      if let error { return (state.continuation, .failure(.init(reason: error.localizedDescription))) }
      if state.data.isEmpty {
        return (state.continuation, .failure(.init(reason: "the server sent no bytes")))
      }
      return (state.continuation, .success(state.data))
    }
    continuation?.resume(returning: result)
  }
}
