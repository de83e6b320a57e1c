target_sources(raglens_core PRIVATE
  serve/http_message.h serve/http_message.cpp
  serve/trace_api.h serve/trace_api.cpp
  serve/trace_api_params.h serve/trace_api_params.cpp
  serve/trace_api_server.h serve/trace_api_server.cpp
  serve/trace_api_client.h serve/trace_api_client.cpp
  serve/token_file.h serve/token_file.cpp
)
