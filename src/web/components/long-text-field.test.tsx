import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { charactersLeftText, LongTextField } from "./long-text-field.tsx";

function Story({ max }: { max: number }) {
  const [text, setText] = useState("");
  return (
    <LongTextField
      label="Story"
      value={text}
      onChange={(event) => setText(event.target.value)}
      length={text.length}
      limit={max}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Characters left", () => {
  it("says nothing before 80 % of the limit, then how many are left, then how many too many", () => {
    expect(charactersLeftText(799, 1000)).toBeNull();
    expect(charactersLeftText(800, 1000)).toBe("200 characters left");
    expect(charactersLeftText(999, 1000)).toBe("1 character left");
    expect(charactersLeftText(1000, 1000)).toBe("0 characters left");
    expect(charactersLeftText(1001, 1000)).toBe("1 character too many");
    expect(charactersLeftText(3500, 1000)).toBe("2,500 characters too many");
  });

  it("keeps text pasted past the limit, counts it, and tells screen readers once typing pauses", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Story max={10} />);
    const field = screen.getByLabelText("Story") as HTMLTextAreaElement;
    const live = document.querySelector("[aria-live=polite]");

    await user.type(field, "1234567");
    expect(screen.queryByText(/characters? left/)).toBeNull();
    expect(field.getAttribute("aria-describedby")).toBeNull();

    await user.type(field, "8");
    expect(screen.getByText("2 characters left")).toBeTruthy();
    // Not said while typing...
    expect(live?.textContent).toBe("");
    await user.type(field, "9");
    expect(live?.textContent).toBe("");
    // ...but once typing pauses.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(live?.textContent).toBe("1 character left");

    await user.click(field);
    await user.paste("abcd");
    expect(field.value).toBe("123456789abcd");
    expect(screen.getByText("3 characters too many")).toBeTruthy();
    // The field is described by the count, read when it is focused.
    const describedBy = field.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("3 characters too many");
  });
});
