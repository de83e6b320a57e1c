#pragma once
// Knowledge Base → Embedder…: which embedder the next ingest uses — the offline hashing
// embedder, or an OpenAI-compatible embeddings server (the same model as the agent whose
// lookups are replayed). The token is never typed in here: only the name of the
// environment variable that holds it, which is what the knowledge base records.

#include "kb/embeddings_client.h"

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace raglens::ui {

class EmbedderDialog : public QDialog
{
    Q_OBJECT
public:
    /// `current`: the knowledge base's server, when it embeds with one.
    explicit EmbedderDialog(const std::optional<EmbeddingsEndpoint>& current,
                            QWidget* parent = nullptr);

    /// The server chosen, or nothing for the offline hashing embedder.
    std::optional<EmbeddingsEndpoint> choice() const;
    /// What is wrong with the server's settings; empty when they can be used.
    QString problem() const;

    // For tests.
    void chooseServer(const EmbeddingsEndpoint& endpoint);
    void chooseHashing();

private:
    void updateState();

    QRadioButton* m_hashing = nullptr;
    QRadioButton* m_server = nullptr;
    QLineEdit* m_url = nullptr;
    QLineEdit* m_model = nullptr;
    QSpinBox* m_dimension = nullptr;
    QLineEdit* m_tokenEnv = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_timeout = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace raglens::ui
