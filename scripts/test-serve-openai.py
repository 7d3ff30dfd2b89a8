"""The official `openai` Python client against a running `fm serve` (issue 13's acceptance
check): chat, stream, json_schema output validated with `jsonschema`, a tools round trip,
usage, and errors. Usage: python3 scripts/test-serve-openai.py BASE_URL API_KEY

Asserts shapes, budgets, validity and errors, never what the model writes (it is a 135M
model decoding as it likes), except where a grammar forces the text.
"""
import json
import sys

import jsonschema
import openai

base_url, api_key = sys.argv[1], sys.argv[2]
client = openai.OpenAI(base_url=base_url, api_key=api_key, max_retries=0, timeout=300)
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
    if not condition:
        failures.append(name)


def run(name, test):
    try:
        test()
    except Exception as error:  # a test that raises is a failure, named, and the rest still run
        check(name, False, f"{type(error).__name__}: {error}")


def models():
    listed = client.models.list()
    check("models: one model listed", len(listed.data) == 1 and listed.data[0].id != "", listed)


def chat():
    response = client.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "Name a fruit."}], max_tokens=8, temperature=0)
    choice = response.choices[0]
    check("chat: assistant text", choice.message.role == "assistant" and isinstance(choice.message.content, str))
    check("chat: finish_reason", choice.finish_reason in ("stop", "length"), choice.finish_reason)
    usage = response.usage
    check("chat: usage within budget", 1 <= usage.completion_tokens <= 8, usage)
    check("chat: usage adds up", usage.total_tokens == usage.prompt_tokens + usage.completion_tokens and usage.prompt_tokens > 0, usage)
    again = client.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "Name a fruit."}], max_tokens=2, temperature=0)
    cached = again.usage.prompt_tokens_details.cached_tokens
    check("chat: same prompt again reuses the KV prefix", again.usage.prompt_tokens == usage.prompt_tokens and 0 < cached <= again.usage.prompt_tokens, again.usage)


def stream():
    whole = client.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "Say something."}], max_tokens=12, temperature=0)
    chunks = list(client.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "Say something."}], max_tokens=12, temperature=0,
        stream=True, stream_options={"include_usage": True}))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    check("stream: same text as the whole answer (greedy)", text == whole.choices[0].message.content, (text, whole.choices[0].message.content))
    finishes = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    check("stream: one finish_reason", finishes == [whole.choices[0].finish_reason], finishes)
    check("stream: usage chunk last", chunks[-1].usage is not None and chunks[-1].choices == []
          and chunks[-1].usage.completion_tokens == whole.usage.completion_tokens, chunks[-1])


def json_schema():
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string", "maxLength": 30}, "age": {"type": "integer", "minimum": 0, "maximum": 150},
                       "hobbies": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 3}},
        "required": ["name", "age", "hobbies"], "additionalProperties": False,
    }
    response = client.chat.completions.create(
        model="smollm2", messages=[{"role": "user", "content": "Invent a person."}], max_tokens=150,
        response_format={"type": "json_schema", "json_schema": {"name": "person", "strict": True, "schema": schema}})
    content = response.choices[0].message.content
    try:
        jsonschema.validate(json.loads(content), schema)
        check("json_schema: output valid against the schema", True)
    except Exception as error:
        check("json_schema: output valid against the schema", False, f"{error}: {content}")


def tools():
    tool = {"type": "function", "function": {
        "name": "get_weather", "description": "Current weather in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string", "maxLength": 20}}, "required": ["city"]}}}
    messages = [{"role": "user", "content": "What's the weather in Lyon?"}]
    first = client.chat.completions.create(model="smollm2", messages=messages, tools=[tool], tool_choice="required", max_tokens=60, temperature=0)
    choice = first.choices[0]
    calls = choice.message.tool_calls or []
    check("tools: finish_reason tool_calls", choice.finish_reason == "tool_calls", choice.finish_reason)
    check("tools: calls name the tool with valid arguments", len(calls) >= 1 and all(
        c.function.name == "get_weather" and isinstance(json.loads(c.function.arguments).get("city"), str) for c in calls), calls)
    messages.append(choice.message)   # the SDK's own message object, sent back as is
    for call in calls:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "14°C, light rain"})
    second = client.chat.completions.create(model="smollm2", messages=messages, tools=[tool], tool_choice="none", max_tokens=16, temperature=0)
    answer = second.choices[0]
    check("tools: the answer after the outputs is text", isinstance(answer.message.content, str) and not answer.message.tool_calls, answer)
    check("tools: the outputs are in the prompt", second.usage.prompt_tokens > 0, second.usage)


def errors():
    def expect(name, status, call, param=None):
        try:
            call()
            check(name, False, "no error")
        except openai.APIStatusError as error:
            body = error.body if isinstance(error.body, dict) else {}
            ok = error.status_code == status and isinstance(body.get("message"), str) and (param is None or body.get("param") == param)
            check(name, ok, f"{error.status_code} {body}")

    user = [{"role": "user", "content": "hi"}]
    expect("errors: unknown parameter named", 400,
           lambda: client.chat.completions.create(model="smollm2", messages=user, extra_body={"top_k": 3}), param="top_k")
    expect("errors: unsupported value", 400, lambda: client.chat.completions.create(model="smollm2", messages=user, n=2), param="n")
    expect("errors: wrong type", 400, lambda: client.chat.completions.create(model="smollm2", messages=user, temperature="hot"), param="temperature")
    expect("errors: refused schema", 400, lambda: client.chat.completions.create(
        model="smollm2", messages=user, response_format={"type": "json_schema", "json_schema": {"name": "s", "schema": {"type": "array", "uniqueItems": True}}}),
        param="response_format")
    expect("errors: wrong API key", 401, lambda: openai.OpenAI(base_url=base_url, api_key="wrong", max_retries=0).models.list())
    completion = client.completions.create(model="smollm2", prompt="Once upon a time", max_tokens=4, temperature=0)
    check("completions: text and usage", isinstance(completion.choices[0].text, str) and 1 <= completion.usage.completion_tokens <= 4, completion)


for name, test in [("models", models), ("chat", chat), ("stream", stream), ("json_schema", json_schema), ("tools", tools), ("errors", errors)]:
    run(name, test)
print(f"{len(failures)} failure(s)" if failures else "all passed")
sys.exit(1 if failures else 0)
