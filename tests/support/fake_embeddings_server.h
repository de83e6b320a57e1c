#pragma once
// FakeEmbeddingsServer: a small OpenAI-compatible /v1/embeddings server on loopback, in its
// own thread, for tests of the remote embedder. Vectors are bags of hashed lowercase words
// (texts sharing words are close), so a knowledge base embedded through it retrieves
// sensibly. It can fail a number of requests with a status, answer slowly, or answer with
// the wrong dimension, and it records what it was sent.

#include <QString>
#include <QThread>

#include <atomic>
#include <memory>
#include <mutex>

namespace raglens::test {

class FakeEmbeddingsServer
{
public:
    explicit FakeEmbeddingsServer(int dimension = 64);
    ~FakeEmbeddingsServer();

    /// Starts listening on 127.0.0.1; false when it could not.
    bool start();
    QString baseUrl() const; ///< http://127.0.0.1:PORT
    void stop();

    // Behaviour (safe to change between requests).
    std::atomic<int> failNext{0}; ///< answer this many requests with failStatus
    std::atomic<int> failStatus{503};
    std::atomic<int> delayMs{0};          ///< wait this long before answering
    std::atomic<int> answerDimension{0};  ///< 0 = the real dimension
    std::atomic<bool> answerZeros{false}; ///< every vector all zeros (a model not loaded)
    QString requiredToken;                ///< when set, other requests get 401

    // What was received.
    std::atomic<int> requests{0};
    std::atomic<int> largestBatch{0};
    QString lastAuthorization() const;
    QString lastPath() const;

    /// The vector the server returns for a text (not normalised).
    std::vector<float> vectorFor(const QString& text) const;

private:
    friend class FakeEmbeddingsWorker;
    QByteArray respond(const QByteArray& path, const QByteArray& authorization,
                       const QByteArray& body, int& status);

    int m_dimension;
    quint16 m_port = 0;
    QThread m_thread;
    class FakeEmbeddingsWorker* m_worker = nullptr;
    mutable std::mutex m_mutex;
    QString m_lastAuthorization, m_lastPath;
};

} // namespace raglens::test
