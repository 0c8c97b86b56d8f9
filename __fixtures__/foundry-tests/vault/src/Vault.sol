// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Token} from "./Token.sol";

/// Shares for deposits of one token; the owner can pause deposits.
contract Vault {
    Token public immutable asset;
    address public immutable owner;
    bool public paused;
    uint256 public totalShares;
    mapping(address => uint256) public sharesOf;

    error NotOwner();
    error Paused();
    error InsufficientShares(uint256 held, uint256 wanted);

    event Deposited(address indexed account, uint256 assets, uint256 shares);
    event Withdrawn(address indexed account, uint256 assets, uint256 shares);

    constructor(Token asset_) {
        asset = asset_;
        owner = msg.sender;
    }

    function pause() external {
        if (msg.sender != owner) revert NotOwner();
        paused = true;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function deposit(uint256 assets) external returns (uint256 shares) {
        if (paused) revert Paused();
        require(assets > 0, "zero deposit");
        shares = totalShares == 0 ? assets : (assets * totalShares) / totalAssets();
        totalShares += shares;
        sharesOf[msg.sender] += shares;
        asset.transferFrom(msg.sender, address(this), assets);
        emit Deposited(msg.sender, assets, shares);
    }

    function withdraw(uint256 shares) external returns (uint256 assets) {
        uint256 held = sharesOf[msg.sender];
        if (held < shares) revert InsufficientShares(held, shares);
        assets = (shares * totalAssets()) / totalShares;
        sharesOf[msg.sender] = held - shares;
        totalShares -= shares;
        asset.transfer(msg.sender, assets);
        emit Withdrawn(msg.sender, assets, shares);
    }
}
