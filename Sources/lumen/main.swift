import App
LumenMain.exit()
