import App

LumenMain.main()
