import FlyingFox
import Foundation

/// Sends each request to the handler of its exact path, and answers 404 for any other path.
struct PathRouter: HTTPHandler {
    let routes: [String: HTTPListener.Handler]

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let handler = routes[request.path] else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("not found\n".utf8))
        }
        return await handler(request)
    }
}
