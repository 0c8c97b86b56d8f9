// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20, MockToken} from "./MockToken.sol";

/// The pull request's version: see base/ShareVault.sol.
contract ShareVault {
    IERC20 public immutable asset;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Deposit(address indexed caller, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(address indexed caller, address indexed receiver, address indexed owner, uint256 assets, uint256 shares);

    constructor(IERC20 asset_) {
        asset = asset_;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    /// One share and one asset are virtual: a donation before the first deposit is shared with them.
    uint256 private constant VIRTUAL = 1;

    function convertToShares(uint256 assets) public view returns (uint256) {
        return _scale(assets, totalSupply + VIRTUAL, totalAssets() + VIRTUAL);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return _scale(shares, totalAssets() + VIRTUAL, totalSupply + VIRTUAL);
    }

    function _scale(uint256 amount, uint256 numerator, uint256 denominator) private pure returns (uint256) {
        return (amount * numerator) / denominator;
    }

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        shares = convertToShares(assets);
        require(shares > 0, "zero shares");
        require(asset.transferFrom(msg.sender, address(this), assets), "transfer failed");
        balanceOf[receiver] += shares;
        totalSupply += shares;
        emit Transfer(address(0), receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function approve(address spender, uint256 shares) external returns (bool) {
        allowance[msg.sender][spender] = shares;
        return true;
    }

    function transfer(address to, uint256 shares) external returns (bool) {
        balanceOf[msg.sender] -= shares;
        balanceOf[to] += shares;
        emit Transfer(msg.sender, to, shares);
        return true;
    }

    function redeem(uint256 shares, address receiver) external returns (uint256 assets) {
        assets = convertToAssets(shares);
        balanceOf[msg.sender] -= shares;
        totalSupply -= shares;
        emit Transfer(msg.sender, address(0), shares);
        require(asset.transfer(receiver, assets), "transfer failed");
        emit Withdraw(msg.sender, receiver, msg.sender, assets, shares);
    }
}
