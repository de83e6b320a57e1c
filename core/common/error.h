#pragma once
// Bad input is not a bug: functions that read files, databases or user text return
// Expected<T>, carrying either a value or a translated, human-readable message.

#include <QString>

#include <utility>
#include <variant>

namespace raglens {

struct Error
{
    QString message;
    /// The thing asked for does not exist (an unknown session or run), as opposed to a read
    /// that failed: the Trace API answers 404 for one and 500 for the other.
    bool notFound = false;
};

template <typename T> class Expected
{
public:
    Expected(T value) : m_data(std::move(value)) {}
    Expected(Error error) : m_data(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    T& value() { return std::get<T>(m_data); }
    const T& value() const { return std::get<T>(m_data); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const QString& error() const { return std::get<Error>(m_data).message; }
    bool notFound() const { return !ok() && std::get<Error>(m_data).notFound; }

private:
    std::variant<T, Error> m_data;
};

/// For operations that return nothing but can fail.
struct Done
{};
using Status = Expected<Done>;
inline Status ok()
{
    return Done{};
}

} // namespace raglens
