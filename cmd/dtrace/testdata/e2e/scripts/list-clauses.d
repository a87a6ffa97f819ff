BEGIN { x = 1; }
END, ERROR { trace(2); }
